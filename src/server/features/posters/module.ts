import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SiteSettings } from '../../../shared/contracts/site-settings.ts';
import { CONTACT_CHANNEL_LABELS, type ContactChannelType } from '../../../shared/rules/contact-channels.ts';
import { localizedPath } from '../../../shared/rules/locales.ts';
import { businessHoursRows } from '../../../shared/rules/opening-hours.ts';
import { POSTER_WORDS } from '../../../shared/rules/posters.ts';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { createClickCounter } from '../../lib/click-counter.ts';
import { encapsulated } from '../../lib/encapsulated.ts';
import type { PublicContent } from '../../lib/public-content.ts';
import { drawPosterPdf, drawPosterPng, type PosterContent } from './drawing.ts';
import { createPosterRepository, type StoredPoster } from './repository.ts';
import { posterRoutes } from './routes.ts';

/** A page or counted link reached with a poster's tag: how to count it for that poster. */
export interface PosterSource {
  tag: string;
  visited(): void;
  tapped(): void;
}

/** The logo as PNG: a poster draws PNG and JPEG, and uploads may be WebP, AVIF or GIF. Null when it is none. */
async function logoPng(bytes: Buffer | null): Promise<Buffer | null> {
  if (!bytes) return null;
  try {
    const { default: sharp } = await import('sharp');
    return await sharp(bytes).png().toBuffer();
  } catch {
    return null;
  }
}

/**
 * Counter posters (decision 077): the posters, their PDF and PNG, and what each brought, counted from the
 * `?src=` tag of a page or counted link without cookies or addresses.
 */
export function createPostersModule({
  config,
  db,
  publicContent,
  settings,
  contactChannels,
  uploadedImage,
  timeZone,
  clock,
  log,
}: {
  config: Config;
  db: Kysely<DB>;
  publicContent: PublicContent;
  settings: () => Promise<SiteSettings>;
  contactChannels: { findActive(id: string): Promise<{ type: ContactChannelType } | undefined> };
  /** An uploaded image's bytes (the logo). */
  uploadedImage(url: string): Promise<Buffer | null>;
  /** Visits and taps are counted on the business's days. */
  timeZone: () => Promise<string>;
  clock: () => number;
  log: FastifyBaseLogger;
}) {
  const posters = createPosterRepository(db, clock);
  // Keyed `{visits|taps} {poster id}`.
  const counter = createClickCounter({
    clicks: {
      add: (key, day, count) => {
        const [kind, posterId = ''] = key.split(' ');
        return posters.add(posterId, kind === 'taps' ? 'taps' : 'visits', day, count);
      },
    },
    timeZone,
    clock,
    log,
  });
  // Read by every page and link that carries a tag: kept with the public content, read again after a change.
  const idsByTag = publicContent.cached(() => posters.idsByTag());

  const posterContent = async (poster: StoredPoster, url: string): Promise<PosterContent> => {
    const [current, channel] = await Promise.all([
      settings(),
      poster.channelId ? contactChannels.findActive(poster.channelId) : undefined,
    ]);
    const words = POSTER_WORDS[poster.language];
    const type = channel?.type;
    const headline =
      type === undefined
        ? words.contact
        : type === 'whatsapp' || type === 'phone'
          ? words[type]
          : words.other.replace('{channel}', CONTACT_CHANNEL_LABELS[type]);
    const origin = new URL(url);
    return {
      size: poster.size,
      language: poster.language,
      brand: current.brandName,
      logo: await logoPng(current.logo ? await uploadedImage(current.logo) : null),
      headline,
      qrUrl: url,
      // For those who type it: the contact page, which lists every channel.
      shownUrl: `${origin.host}${localizedPath(poster.language, '/contact')}`,
      hoursTitle: words.hours,
      hours: businessHoursRows(current, poster.language),
    };
  };

  return {
    counter,
    /** The poster whose tag a page or counted link was reached with, or null (no tag, or nobody's). */
    async posterSource(tag: unknown): Promise<PosterSource | null> {
      if (typeof tag !== 'string' || tag === '') return null;
      const id = (await idsByTag()).get(tag);
      if (id === undefined) return null;
      return { tag, visited: () => counter.count(`visits ${id}`), tapped: () => counter.count(`taps ${id}`) };
    },
    /** What each poster brought in a period, with its name (the dashboard's). */
    async totalsBetween(fromDay: string, toDay: string) {
      const [totals, all] = await Promise.all([posters.totalsBetween(fromDay, toDay), posters.list()]);
      const byId = new Map(all.map((poster) => [poster.id, poster]));
      return totals.flatMap(({ posterId, visits, taps }) => {
        const poster = byId.get(posterId);
        return poster ? [{ posterId, name: poster.name, tag: poster.tag, visits, taps }] : [];
      });
    },
    async register(app: FastifyInstance) {
      app.addHook('onClose', () => counter.settled());
      await app.register(encapsulated(posterRoutes), {
        config,
        posters,
        channelIsActive: async (id) => (await contactChannels.findActive(id)) !== undefined,
        posterContent,
        draw: { pdf: drawPosterPdf, png: drawPosterPng },
        changed: () => publicContent.changed(),
      });
    },
  };
}
