import { formatBytes } from '../../../shared/rules/backups.ts';
import { describeSchema, type SchemaCheck } from './schema-version.ts';

/** The tables whose row counts a restore reports, in the product's words. */
export const COUNTED_TABLES = [
  ['contact_inquiries', 'inquiries'],
  ['contact_channels', 'contact channels'],
  ['blog_posts', 'blog posts'],
  ['members', 'members'],
  ['admins', 'admins'],
] as const;

export type TableCounts = { label: string; rows: number }[];

export interface RestoreReport {
  schema: SchemaCheck;
  counts: TableCounts;
  /** Where the replaced database is kept, or null when there was none. */
  keptAside: { path: string; sizeBytes: number } | null;
}

/** What a restore did, for the operator. */
export function describeRestore(file: string, target: string, report: RestoreReport): string[] {
  const counts = report.counts
    .map(({ label, rows }) => `${rows.toLocaleString('en-US')} ${label}`)
    .join(', ');
  return [
    `Restored ${file} into ${target}: ${counts || 'no Sampark tables'}; ${describeSchema(report.schema)}.`,
    report.keptAside
      ? `The database it replaced is kept at ${report.keptAside.path} (${formatBytes(report.keptAside.sizeBytes)}); ` +
        'delete it once you no longer need it.'
      : 'There was no database before: nothing was set aside.',
    'Start the server again (e.g. systemctl start sampark).',
  ];
}
