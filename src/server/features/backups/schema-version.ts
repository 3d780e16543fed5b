import type { Dialect } from '../../db/database.ts';
import { migrations } from '../../db/migrations/index.ts';

/** How a backup's schema (the migrations recorded in it) compares with what this build knows. */
export type SchemaCheck =
  | { state: 'current'; known: number }
  | { state: 'older'; known: number; pending: string[] }
  | { state: 'newer'; unknown: string[] }
  | { state: 'missing' };

/** `applied`: the names in the backup's migration table, or null when it has none. */
export function compareSchema(applied: string[] | null, dialect: Dialect): SchemaCheck {
  if (applied === null || applied.length === 0) return { state: 'missing' };
  const known = Object.keys(migrations(dialect));
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length > 0) return { state: 'newer', unknown };
  const pending = known.filter((name) => !applied.includes(name));
  if (pending.length > 0) return { state: 'older', known: known.length, pending };
  return { state: 'current', known: known.length };
}

/** Why a backup with this schema cannot be restored, or null when it can. */
export function schemaRefusal(check: SchemaCheck): string | null {
  if (check.state === 'missing') {
    return 'It has no Sampark schema version (no kysely_migration table): it is not a backup of a Sampark database.';
  }
  if (check.state === 'newer') {
    return (
      `It was made by a newer version of Sampark (schema ${check.unknown.join(', ')} is unknown to this one). ` +
      'Upgrade Sampark first, then restore it.'
    );
  }
  return null;
}

/** One line on the backup's schema, for a restore that goes ahead. */
export function describeSchema(check: SchemaCheck): string {
  if (check.state === 'current') return `schema up to date (${check.known} migrations)`;
  if (check.state === 'older') {
    return (
      `schema of an older version (${check.known - check.pending.length} of ${check.known} migrations); ` +
      'the server brings it up to date when it starts'
    );
  }
  return 'no usable schema';
}
