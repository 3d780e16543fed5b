import type { PublicDataContext } from '../shared/web-render.ts';

/**
 * What a public page's loaders read the site's data from: the server's PublicDataContext (direct database
 * access), which entry-server.tsx renders every page with. Public pages are rendered by the server alone: the
 * browser hydrates their islands, never the router (decision 062).
 */
export function serverDataContext(context: unknown): PublicDataContext {
  if (
    typeof context !== 'object' ||
    context === null ||
    typeof (context as Partial<PublicDataContext>).activeContacts !== 'function'
  ) {
    throw new Error("A public page is rendered without the server's data context");
  }
  return context as PublicDataContext;
}
