/**
 * The site settings' rules without zod, for public pages (contracts/site-settings.ts holds the schema, and
 * zod, which public pages must not download). The defaults are in default-site-settings.ts: every public page
 * downloads this module, and no public page needs them.
 */

/** The game's branded route: /{Brand}Game with the brand's letters and digits only. */
export function brandGamePath(brandName: string): string {
  return `/${brandName.replace(/[^A-Za-z0-9]/g, '')}Game`;
}
