import type { PublicDataContext } from '../shared/web-render.ts';

/**
 * During server rendering, loaders receive the server's PublicDataContext (direct database access); in the
 * browser they receive React Router's own context object and must call the API instead.
 */
export function serverDataContext(context: unknown): PublicDataContext | null {
  if (typeof context !== 'object' || context === null) return null;
  return typeof (context as Partial<PublicDataContext>).activeContacts === 'function'
    ? (context as PublicDataContext)
    : null;
}
