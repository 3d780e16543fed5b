import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One owning feature per table (docs/architecture.md, "Tables and their owners"): only the owner's folder
 * queries a table; the map's last column lists who still does without owning it, and that list may only
 * shrink. The map in the document is the one source: this test reads it.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(ROOT, 'src/server');
const MAP = path.join(ROOT, 'docs/architecture.md');
const SCHEMA = path.join(SERVER, 'db/schema.ts');

interface Ownership {
  owner: string;
  /** Folders that still query the table without owning it. */
  alsoQueriedBy: string[];
}

/** The rows of the document's table: table → its owner and who else still queries it. */
function ownershipMap(markdown: string): Map<string, Ownership> {
  const section = markdown.split('## Tables and their owners')[1]?.split('\n## ')[0] ?? '';
  const rows = new Map<string, Ownership>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 5 || cells[1] === 'Table' || cells[1]?.startsWith('---')) continue;
    const [, table, owner, others] = cells as [string, string, string, string];
    rows.set(table, {
      owner,
      alsoQueriedBy: others
        .split(',')
        .map((entry) => entry.trim().split(' ')[0]!)
        .filter((entry) => entry !== ''),
    });
  }
  return rows;
}

/** The tables of the database's type (`interface DB { name: Table; … }`). */
function schemaTables(source: string): string[] {
  const body = /export interface DB \{([^}]*)\}/.exec(source)?.[1] ?? '';
  return [...body.matchAll(/^\s*(\w+):/gm)].map((match) => match[1]!);
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * The tables `source` queries: Kysely's builder (`selectFrom('admins')`, joins, writes) and raw SQL (a sql`…`
 * template) that names a table by its column-case name after from, join, into or update.
 */
function queriedTables(source: string, tables: readonly string[]): Set<string> {
  const found = new Set<string>();
  const builder =
    /\.(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*['"`](\w+)/g;
  for (const match of source.matchAll(builder)) found.add(match[1]!);
  const rawSql = [...source.matchAll(/\bsql`([^`]*)`/g)].map((match) => match[1]!).join('\n');
  for (const table of tables) {
    if (new RegExp(`\\b(?:from|join|into|update)\\s+"?${snakeCase(table)}"?\\b`, 'i').test(rawSql))
      found.add(table);
  }
  return found;
}

/** Where a server file belongs: its feature, else its top folder under src/server (`lib`, `web`), else `app`. */
function placeOf(file: string): string {
  const parts = path.relative(SERVER, file).split(path.sep);
  if (parts[0] === 'features') return parts[1]!;
  return parts.length > 1 ? parts[0]! : 'app';
}

function serverSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return ['migrations', 'test-support'].includes(entry.name) ? [] : serverSources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every breach of the map: a table without a row, a query from outside the owner, a stale exception. */
function ownershipProblems(
  map: Map<string, Ownership>,
  tables: readonly string[],
  files: { place: string; file: string; source: string }[],
): string[] {
  const problems: string[] = [];
  for (const table of tables) if (!map.has(table)) problems.push(`${table}: no owner in the map`);
  for (const table of map.keys())
    if (!tables.includes(table)) problems.push(`${table}: in the map, but no such table`);
  const queriedBy = new Map<string, Set<string>>();
  for (const { place, file, source } of files) {
    for (const table of queriedTables(source, tables)) {
      const ownership = map.get(table);
      if (!ownership) continue;
      if (!queriedBy.has(table)) queriedBy.set(table, new Set());
      queriedBy.get(table)!.add(place);
      if (place !== ownership.owner && !ownership.alsoQueriedBy.includes(place))
        problems.push(`${table}: queried in ${file}, outside its owner ${ownership.owner}`);
    }
  }
  for (const [table, { alsoQueriedBy }] of map) {
    for (const place of alsoQueriedBy)
      if (!queriedBy.get(table)?.has(place))
        problems.push(`${table}: ${place} no longer queries it; take it off the last column`);
  }
  return problems;
}

describe('one owner per table', () => {
  it('holds for the server: every table has its owner, and no one else queries it but those listed', () => {
    const tables = schemaTables(fs.readFileSync(SCHEMA, 'utf8'));
    expect(tables.length).toBeGreaterThan(20);
    const files = serverSources(SERVER).map((file) => ({
      place: placeOf(file),
      file: path.relative(ROOT, file),
      source: fs.readFileSync(file, 'utf8'),
    }));
    expect(ownershipProblems(ownershipMap(fs.readFileSync(MAP, 'utf8')), tables, files)).toEqual([]);
  });

  const map = ownershipMap(
    [
      '## Tables and their owners',
      '| Table | Owner | Still queried directly by |',
      '| --- | --- | --- |',
      '| admins | admin-auth | team |',
      '| members | members | |',
      '## Next',
    ].join('\n'),
  );
  const tables = ['admins', 'members'];
  const team = { place: 'team', file: 'team.ts', source: "db.selectFrom('admins').selectAll()" };

  it('finds queries by the builder and by raw SQL', () => {
    expect([...queriedTables("trx.updateTable('members').set(x)", tables)]).toEqual(['members']);
    expect([...queriedTables('sql`select * from admins a join members m`', tables)]).toEqual([
      'admins',
      'members',
    ]);
    expect([...queriedTables("db.selectFrom('blogPosts')", tables)]).toEqual(['blogPosts']);
    expect([...queriedTables('// a member is removed from members here', tables)]).toEqual([]);
  });

  it('fails on a query from outside the owner, a table without a row and an exception no longer true', () => {
    expect(ownershipProblems(map, tables, [team])).toEqual([]);
    const blog = { place: 'blog', file: 'blog.ts', source: "db.deleteFrom('members')" };
    expect(ownershipProblems(map, tables, [team, blog])).toEqual([
      'members: queried in blog.ts, outside its owner members',
    ]);
    expect(ownershipProblems(map, [...tables, 'uploads'], [team])).toEqual(['uploads: no owner in the map']);
    expect(ownershipProblems(map, tables, [])).toEqual([
      'admins: team no longer queries it; take it off the last column',
    ]);
  });
});
