import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_PAGES } from '../../../shared/pages/public-pages.ts';
import {
  buildChannelLink,
  CHANNEL_CLICK_PREFIX,
  ROUTED_CHANNEL_PATHS,
} from '../../../shared/rules/channel-links.ts';
import type { ContactChannelType } from '../../../shared/rules/contact-channels.ts';
import type { ClickCounter } from '../../lib/click-counter.ts';
import { isPersonsClick } from '../../lib/persons-click.ts';
import { access } from '../../plugins/access.ts';

/** WhatsApp's prefilled message: the landing page's is one sentence; anything longer is not ours. */
const PREFILLED_TEXT_MAX_LENGTH = 500;
const CONTROL_CHARACTER = /[\p{Cc}\p{Cs}]/u;

// Anything may follow /go/ in a shared or mistyped link: a bad id or text sends the visitor to the contact
// page (or drops the text), never to an error.
const ChannelClickParamsSchema = z.object({ channelId: z.string() });
// `src`: the tag of the poster the visitor came from (decision 077); anything else is not counted for one.
const ChannelClickQuerySchema = z.object({ text: z.unknown().optional(), src: z.unknown().optional() });

function prefilledText(text: unknown): string | undefined {
  return typeof text === 'string' &&
    text.length > 0 &&
    text.length <= PREFILLED_TEXT_MAX_LENGTH &&
    !CONTROL_CHARACTER.test(text)
    ? text
    : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `GET /go/{channel id}`: the link the public pages give a contact channel (decision 035). It answers at once
 * with a redirect to the channel's own link and counts the click after, never awaited; a channel that is
 * gone or hidden sends the visitor to the contact page, which lists the ones there are.
 */
export const channelClickRoutes: FastifyPluginAsyncZod<{
  contactChannels: {
    findActive(id: string): Promise<{ type: ContactChannelType; value: string } | undefined>;
    firstActive(type: ContactChannelType): Promise<{ id: string; value: string } | undefined>;
  };
  counter: ClickCounter;
  /**
   * A team member on duty for the channel, their number and how to count the visitor for them, or null when
   * nobody is (decision 076).
   */
  onDuty(channel: 'whatsapp' | 'phone'): Promise<{ number: string; counted(): void } | null>;
  /** The poster whose tag a link carried, to count the tap for it (the posters feature's). */
  posterSource(tag: unknown): Promise<{ tapped(): void } | null>;
}> = async (app, { contactChannels, counter, onDuty, posterSource }) => {
  /**
   * A person's tap from a poster counts for it too (the tags are kept in memory; the count is written later,
   * as the click's is). A failure to read them loses that count, never the visitor.
   */
  const countForPoster = async (request: FastifyRequest<{ Querystring: { src?: unknown } }>) => {
    if (request.query.src === undefined) return;
    try {
      (await posterSource(request.query.src))?.tapped();
    } catch (error) {
      request.log.warn({ err: error }, 'a poster tap could not be counted');
    }
  };

  for (const type of ['whatsapp', 'phone'] as const) {
    app.get(
      ROUTED_CHANNEL_PATHS[type],
      {
        config: { access: access.public },
        schema: {
          hide: true,
          tags: ['contacts'],
          summary: `Sends a visitor to a team member on duty by ${type === 'phone' ? 'phone' : 'WhatsApp'}, or to the main channel`,
          querystring: ChannelClickQuerySchema,
        },
      },
      async (request, reply) => {
        const [member, main] = await Promise.all([onDuty(type), contactChannels.firstActive(type)]);
        const text = type === 'whatsapp' ? prefilledText(request.query.text) : undefined;
        const number = member?.number ?? main?.value;
        const link = number && buildChannelLink(type, number, text ? { text } : {});
        // Who is on duty changes, and the answer is this visitor's alone: no cache keeps it, no index lists it.
        reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
        if (!link) return reply.redirect(PUBLIC_PAGES.contact.path, 302);
        // Counted as a click on the main channel, as its own counted link was before, and for the member.
        if (isPersonsClick(request)) {
          if (main) counter.count(main.id);
          member?.counted();
          await countForPoster(request);
        }
        return reply.redirect(link, 302);
      },
    );
  }

  app.get(
    `${CHANNEL_CLICK_PREFIX}:channelId`,
    {
      config: { access: access.public },
      schema: {
        hide: true,
        tags: ['contacts'],
        summary: 'Counts a click on a contact channel and redirects to its link',
        params: ChannelClickParamsSchema,
        querystring: ChannelClickQuerySchema,
      },
    },
    async (request, reply) => {
      const { channelId } = request.params;
      const channel = UUID.test(channelId) ? await contactChannels.findActive(channelId) : undefined;
      const text = channel?.type === 'whatsapp' ? prefilledText(request.query.text) : undefined;
      const link = channel && buildChannelLink(channel.type, channel.value, text ? { text } : {});
      // Each click must reach us to be counted, and the answer is this visitor's alone: no cache keeps it.
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
      if (!link) return reply.redirect(PUBLIC_PAGES.contact.path, 302);
      if (isPersonsClick(request)) {
        counter.count(channelId);
        await countForPoster(request);
      }
      return reply.redirect(link, 302);
    },
  );
};
