import type { Kysely } from 'kysely';
import type { MigrationContext } from './migration-context.ts';

/**
 * The brands the site had before: their game routes (/{OldBrand}Game) keep working as redirects to the
 * current one, so links shared before a rename still lead to the game.
 */
export async function formerBrandNames(db: Kysely<unknown>, { timestamp }: MigrationContext) {
  await db.schema
    .createTable('former_brand_names')
    .addColumn('brand_name', 'text', (c) => c.primaryKey())
    .addColumn('replaced_at', timestamp, (c) => c.notNull())
    .execute();
}
