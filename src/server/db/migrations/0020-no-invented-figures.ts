import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './migration-context.ts';

/** The figures earlier versions filled in for every new site, which the Settings form then saved as typed. */
const OLD_DEFAULT_FIGURES = { usersCount: '50K+', rating: '4.8' } as const;

/**
 * A new site no longer claims figures nobody entered (decision 053). A site whose stored settings still hold
 * exactly the old default pair had them saved by the form, which showed them filled in whenever the owner
 * saved anything else: they are emptied, and the pages stop showing them until the owner enters real ones. A
 * site with either figure changed keeps both.
 */
export async function noInventedFigures(db: Kysely<unknown>, _context: MigrationContext) {
  const row = await sql<{ settings: string }>`select settings from site_settings where id = 'site'`.execute(
    db,
  );
  const json = row.rows[0]?.settings;
  if (json === undefined) return;
  let settings: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return;
    settings = parsed as Record<string, unknown>;
  } catch {
    // An unreadable row is read as the defaults (site-settings repository), which hold no figures now.
    return;
  }
  if (
    settings.usersCount !== OLD_DEFAULT_FIGURES.usersCount ||
    settings.rating !== OLD_DEFAULT_FIGURES.rating
  )
    return;
  const kept = { ...settings, usersCount: '', rating: '' };
  await sql`update site_settings set settings = ${JSON.stringify(kept)}, updated_at = ${new Date().toISOString()} where id = 'site'`.execute(
    db,
  );
}
