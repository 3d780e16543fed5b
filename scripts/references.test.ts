import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A reference in this repository points at something a reader of it can open. The product specification and
 * the design notes the project started from live outside it, so a comment, test title or document that
 * cites them points nowhere: it states the rule itself or names the decision record that holds it. And the
 * decision records' index (docs/decisions/README.md) lists every record with the title, date and status of
 * its own header.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const DECISIONS = path.join(ROOT, 'docs/decisions');
const INDEX = path.join(DECISIONS, 'README.md');

// Built from pieces so that this file, which must name what it looks for, does not match itself.
const SPECIFICATION = ['SP', 'EC'].join('');
const DESIGN_NOTES = ['DESIGN', 'md'].join('.');
const OUTSIDE_CITATION = new RegExp(`\\b${SPECIFICATION}\\b|${DESIGN_NOTES.replace('.', '\\.')}`);

/** Tracked files with text in them: the lockfile is the registry's words, not ours. */
function trackedTextFiles(): string[] {
  const listed = spawnSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' });
  if (listed.error) throw listed.error;
  expect(listed.status, listed.stderr).toBe(0);
  return listed.stdout
    .split('\0')
    .filter((file) => file !== '' && file !== 'package-lock.json')
    .filter((file) => fs.existsSync(path.join(ROOT, file)))
    .filter((file) => !fs.readFileSync(path.join(ROOT, file)).includes(0));
}

/** `file:line: text` for every line of `text` that cites a document outside the repository. */
function outsideCitations(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) => (OUTSIDE_CITATION.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
}

interface RecordHeader {
  file: string;
  number: string;
  title: string;
  date: string;
  /** The status line's text after "Status:", its lines joined. */
  status: string;
}

const RECORD_FILE = /^(\d{3})-[a-z0-9-]+\.md$/;

function recordFiles(): string[] {
  return fs
    .readdirSync(DECISIONS)
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .sort();
}

function readHeader(file: string): RecordHeader {
  const lines = fs.readFileSync(path.join(DECISIONS, file), 'utf8').split('\n');
  const heading = /^# (\d{3}): (.+)$/.exec(lines[0] ?? '');
  if (!heading) throw new Error(`${file}: the first line is not "# NNN: title"`);
  const start = lines.findIndex((line) => line.startsWith('Date:'));
  if (start < 0) throw new Error(`${file}: no "Date: YYYY-MM-DD. Status: ..." line`);
  const end = lines.findIndex((line, index) => index > start && line.trim() === '');
  const paragraph = lines
    .slice(start, end < 0 ? undefined : end)
    .map((line) => line.trim())
    .join(' ');
  const dated = /^Date: (\d{4}-\d{2}-\d{2})\. Status: (.+)$/.exec(paragraph);
  if (!dated) throw new Error(`${file}: the header does not read "Date: YYYY-MM-DD. Status: ..."`);
  return { file, number: heading[1]!, title: heading[2]!, date: dated[1]!, status: dated[2]! };
}

const NUMBER_LIST = String.raw`\d{3}(?:(?:,\s*|,?\s+and\s+)\d{3})*`;

/** The status line without its parenthesised remarks, whose numbers are not record numbers ("E.164"). */
function bare(status: string): string {
  return status.replace(/\([^()]*\)/g, '');
}

/** Which later records a header says supersede or amend it: "superseded by 022", "amended by 027 and 052". */
function changedBy(status: string): { supersededBy: string[]; amendedBy: string[] } {
  const found = { supersededBy: [] as string[], amendedBy: [] as string[] };
  for (const match of bare(status).matchAll(new RegExp(`(superseded|amended) by (${NUMBER_LIST})`, 'gi'))) {
    const numbers = match[2]!.match(/\d{3}/g) ?? [];
    (match[1]!.toLowerCase() === 'superseded' ? found.supersededBy : found.amendedBy).push(...numbers);
  }
  return found;
}

/**
 * The status the index shows for a header: "Accepted" or "Superseded by 022", then "; partly superseded by
 * …" and "; amended by …" for the records the header names.
 */
function indexStatus(status: string): string {
  const { supersededBy, amendedBy } = changedBy(status);
  const whole = /^superseded by (\d{3})/i.exec(status)?.[1];
  const partly = supersededBy.filter((number) => number !== whole);
  return [
    whole ? `Superseded by ${whole}` : 'Accepted',
    ...(partly.length > 0 ? [`partly superseded by ${partly.join(', ')}`] : []),
    ...(amendedBy.length > 0 ? [`amended by ${amendedBy.join(', ')}`] : []),
  ].join('; ');
}

/** The earlier records a header says it supersedes, amends or changes ("amends 031 and 042"). */
function changes(status: string): string[] {
  const verb = /\b(?:supersedes|amends|changes)\b([^;.]*)/gi;
  return [...bare(status).matchAll(verb)].flatMap((match) => {
    const clause = match[1]!.split(/\b(?:adds to|keeps|builds on|extends)\b/)[0]!;
    return clause.match(/\b\d{3}\b/g) ?? [];
  });
}

interface IndexRow {
  number: string;
  title: string;
  link: string;
  date: string;
  status: string;
  /** The status cell's links: the number shown and the file it opens. */
  statusLinks: { number: string; file: string }[];
}

const MARKDOWN_LINK = /\[([^\]]+)\]\(([^)]+)\)/g;

function readIndex(): IndexRow[] {
  return fs
    .readFileSync(INDEX, 'utf8')
    .split('\n')
    .flatMap((line) => {
      const row = /^\| (\d{3}) \| \[(.+)\]\(([^)]+)\) \| ([^|]+) \| ([^|]+) \|$/.exec(line);
      if (!row) return [];
      const cell = row[5]!.trim();
      return [
        {
          number: row[1]!,
          title: row[2]!,
          link: row[3]!,
          date: row[4]!.trim(),
          status: cell.replace(MARKDOWN_LINK, '$1'),
          statusLinks: [...cell.matchAll(MARKDOWN_LINK)].map((match) => ({
            number: match[1]!,
            file: match[2]!,
          })),
        },
      ];
    });
}

describe('references', () => {
  it('never cite the specification or the design notes that live outside the repository', () => {
    const files = trackedTextFiles();
    expect(files).toContain('src/server/app.ts');
    const citations = files.flatMap((file) =>
      outsideCitations(file, fs.readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(citations, 'state the rule, or cite the decision record that holds it').toEqual([]);
  });

  it('are found on the line that makes them', () => {
    expect(outsideCitations('a.ts', `// fine\n// the ${SPECIFICATION} section 4 rule\n`)).toEqual([
      `a.ts:2: // the ${SPECIFICATION} section 4 rule`,
    ]);
    expect(outsideCitations('b.md', `see ${DESIGN_NOTES}, "Languages"`)).toEqual([
      `b.md:1: see ${DESIGN_NOTES}, "Languages"`,
    ]);
    expect(outsideCitations('c.ts', `const RATE_${SPECIFICATION}S = 1; // a playwright spec\n`)).toEqual([]);
  });
});

describe('the decision records', () => {
  const files = recordFiles();
  const headers = files.map(readHeader);
  const byNumber = new Map(headers.map((header) => [header.number, header]));
  const index = readIndex();

  it('are named NNN-title.md, numbered once each, as their heading says', () => {
    expect(files.length).toBeGreaterThan(50);
    for (const header of headers) {
      expect(RECORD_FILE.exec(header.file)?.[1], header.file).toBe(header.number);
    }
    expect(new Set(headers.map((header) => header.number)).size).toBe(headers.length);
  });

  it('are each listed once in the index, which lists no other', () => {
    expect(index.map((row) => row.link)).toEqual(files);
    expect(index.map((row) => row.number)).toEqual(headers.map((header) => header.number));
  });

  it.each(headers)('$file: the index shows its title, date and status', (header) => {
    const row = index.find((entry) => entry.link === header.file);
    expect(row, `docs/decisions/README.md has no row for ${header.file}`).toBeDefined();
    expect({ title: row?.title, date: row?.date, status: row?.status }).toEqual({
      title: header.title,
      date: header.date,
      status: indexStatus(header.status),
    });
    for (const link of row?.statusLinks ?? []) {
      expect(byNumber.get(link.number)?.file, `${header.file}'s status links to ${link.number}`).toBe(
        link.file,
      );
    }
  });

  it.each(headers)('$file: names in its status only records that exist', (header) => {
    const { supersededBy, amendedBy } = changedBy(header.status);
    for (const number of [...supersededBy, ...amendedBy, ...changes(header.status)]) {
      expect(byNumber.has(number), `${header.file} names ${number}`).toBe(true);
    }
  });

  it.each(headers)(
    '$file: each record it supersedes, amends or changes says so in its own status',
    (header) => {
      for (const number of changes(header.status)) {
        const earlier = changedBy(byNumber.get(number)?.status ?? '');
        expect(
          [...earlier.supersededBy, ...earlier.amendedBy],
          `${number}'s status line should say "superseded by" or "amended by" ${header.number}`,
        ).toContain(header.number);
      }
    },
  );

  it('derive the index status from the header', () => {
    expect(indexStatus('superseded by 022.')).toBe('Superseded by 022');
    expect(indexStatus('accepted; partly superseded by 020 (the pin and E.164).')).toBe(
      'Accepted; partly superseded by 020',
    );
    expect(indexStatus('accepted; amended by 027 (limits) and 052 (the page). Amended by 060: more.')).toBe(
      'Accepted; amended by 027, 052, 060',
    );
    expect(changes('accepted; amends 031 (push) and 042 (webhooks).')).toEqual(['031', '042']);
    expect(changes('accepted; amends the defaults (a.ts) and adds to 021 (demo content).')).toEqual([]);
    expect(changes("accepted; changes 011's page, and keeps 013's rule.")).toEqual(['011']);
  });
});
