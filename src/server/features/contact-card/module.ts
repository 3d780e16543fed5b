import type { FastifyInstance } from 'fastify';
import type { PublicContactChannel } from '../../../shared/contracts/contact-channels.ts';
import type { SiteSettings } from '../../../shared/contracts/site-settings.ts';
import { CONTACT_CARD_PATH } from '../../../shared/pages/public-pages.ts';
import { LOCALES, localizedPath } from '../../../shared/rules/locales.ts';
import type { SiteAddressConfig } from '../../config.ts';
import type { PublicContent } from '../../lib/public-content.ts';
import { siteOrigin } from '../../lib/site-origin.ts';
import { access } from '../../plugins/access.ts';
import { contactCard } from './vcard.ts';

// As long as the sitemap: a number the owner changes reaches new saves within minutes.
const CONTACT_CARD_CACHE_CONTROL = 'public, max-age=300';

/**
 * The business's contact card, `/contact.vcf` and `/hi/contact.vcf`: a vCard of the public contact facts
 * (the site settings and the active channels, nothing else), for a visitor's address book.
 */
export function createContactCardModule({
  config,
  publicContent,
  settings,
  contactChannels,
}: {
  config: SiteAddressConfig;
  publicContent: PublicContent;
  /** The current site settings (cached by their feature). */
  settings: () => Promise<SiteSettings>;
  /** The contact channels' feature: the active ones, in the owner's order. */
  contactChannels: { listActive(): Promise<PublicContactChannel[]> };
}) {
  const channels = publicContent.cached(() => contactChannels.listActive());
  return {
    async register(app: FastifyInstance) {
      for (const locale of LOCALES) {
        app.get(
          localizedPath(locale, CONTACT_CARD_PATH),
          { schema: { hide: true }, config: { access: access.public } },
          async (request, reply) => {
            const [current, active] = await Promise.all([settings(), channels()]);
            const card = await contactCard({
              settings: current,
              channels: active,
              origin: siteOrigin(config, request),
              locale,
            });
            return reply
              .header('cache-control', CONTACT_CARD_CACHE_CONTROL)
              .header('content-disposition', 'attachment; filename="contact.vcf"')
              .type('text/vcard; charset=utf-8')
              .send(card);
          },
        );
      }
    },
  };
}
