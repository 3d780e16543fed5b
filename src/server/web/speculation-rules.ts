import type { FastifyInstance, FastifyReply } from 'fastify';
import { access } from '../plugins/access.ts';

/**
 * Links on a page that hydrates only its islands are page loads (decision 062): the browser fetches the next
 * page when the visitor shows intent (a pointer resting on a link, a finger touching it: "moderate"), so the
 * load is instant. Named by a response header rather than an inline <script type="speculationrules">: public
 * pages run nothing inline (decision 045).
 *
 * Never prefetched: what is not a page (the API, uploads, the feed, the contact card), the back office, a
 * channel's counted link (a prefetch would count a click: decision 035) and a blog post (its page counts a
 * view when it is fetched).
 */
export const SPECULATION_RULES_PATH = '/speculation-rules.json';

const NEVER_PREFETCHED = [
  '/api/*',
  '/admin',
  '/admin/*',
  '/go/*',
  '/uploads/*',
  '/blog/*',
  '/hi/blog/*',
  '/*.xml',
  '/*.vcf',
  '/*.json',
];

const SPECULATION_RULES = {
  prefetch: [
    {
      where: { and: [{ href_matches: '/*' }, { not: { href_matches: NEVER_PREFETCHED } }] },
      eagerness: 'moderate',
    },
  ],
} as const;

const BODY = JSON.stringify(SPECULATION_RULES);

/** Asks the browser to prefetch the page's links by the rules above (the header's value is a string list). */
export function withSpeculationRules(reply: FastifyReply): FastifyReply {
  return reply.header('speculation-rules', `"${SPECULATION_RULES_PATH}"`);
}

export function serveSpeculationRules(app: FastifyInstance): void {
  app.get(
    SPECULATION_RULES_PATH,
    { schema: { hide: true }, config: { access: access.public } },
    async (_request, reply) =>
      reply
        // The one type the browser reads rules from.
        .type('application/speculationrules+json')
        .header('cache-control', 'public, max-age=3600')
        .send(BODY),
  );
}
