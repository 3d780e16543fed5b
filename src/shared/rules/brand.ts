/**
 * Rules about the brand name that public pages need without zod (site-settings.ts holds the schema and
 * imports zod, which public pages must not download).
 */

/** The game's branded route: /{Brand}Game with the brand's letters and digits only. */
export function brandGamePath(brandName: string): string {
  return `/${brandName.replace(/[^A-Za-z0-9]/g, '')}Game`;
}
