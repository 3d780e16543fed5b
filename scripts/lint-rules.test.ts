import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run lint` runs dependency-cruiser and knip with the project's configs (decision 023). These tests run the
 * same tools with the same configs on a small tree in a temporary folder that breaks each rule once, so they
 * prove every rule bites without touching (or racing with) the real tree.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
const KNIP = path.join(ROOT, 'node_modules/knip/bin/knip.js');
const BIOME = path.join(ROOT, 'node_modules/@biomejs/biome/bin/biome');
const CONFIG = path.join(ROOT, '.dependency-cruiser.mjs');
const TOOL_TIMEOUT_MS = 60_000;

/** A temporary project with the given files, the real tsconfig.json and the real packages (zod). */
function writeTree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sampark-lint-rules-'));
  fs.copyFileSync(path.join(ROOT, 'tsconfig.json'), path.join(dir, 'tsconfig.json'));
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [command, ...args], { cwd, encoding: 'utf8' });
  if (result.error) throw result.error;
  return result;
}

const value = (name: string) => `export const ${name} = 1;\n`;

/** Imports that the layout allows: a tree of only these passes. */
const ALLOWED: Record<string, string> = {
  'src/shared/slug.ts': value('slug'),
  'src/shared/contracts/blog.ts': `import { z } from 'zod';\nimport { slug } from '../slug.ts';\nexport const BlogSchema = z.object({ slug: z.literal(slug) });\n`,
  'src/server/lib/clock.ts': value('clock'),
  'src/server/features/blog/repository.ts': `import { clock } from '../../lib/clock.ts';\nexport const posts = clock;\n`,
  'src/server/features/blog/routes.ts': `import { slug } from '../../../shared/slug.ts';\nimport { posts } from './repository.ts';\nexport const routes = [slug, posts];\n`,
  'src/server/features/members/repository.ts': value('members'),
  'src/server/app.ts': `import { routes } from './features/blog/routes.ts';\nimport { members } from './features/members/repository.ts';\nexport const app = [routes, members];\n`,
  'src/web/lib/class-names.ts': value('cx'),
  'src/web/ui/button.ts': `import { cx } from '../lib/class-names.ts';\nexport const button = cx;\n`,
  'src/web/features/blog/api.ts': `import { slug } from '../../../shared/slug.ts';\nexport const blogApi = slug;\n`,
  'src/web/features/blog/blog-list.ts': `import { button } from '../../ui/button.ts';\nimport { blogApi } from './api.ts';\nexport const blogList = [button, blogApi];\n`,
  'src/web/features/members/member-list.ts': value('memberList'),
  'src/web/admin/paths.ts': value('adminPaths'),
  'src/web/admin/routes/blog-page.ts': `import { blogList } from '../../features/blog/blog-list.ts';\nimport { memberList } from '../../features/members/member-list.ts';\nimport { adminPaths } from '../paths.ts';\nexport const blogPage = [blogList, memberList, adminPaths];\n`,
  'src/web/content/site.ts': value('siteCopy'),
  'src/web/public/pages/home-page.ts': `import { siteCopy } from '../../content/site.ts';\nimport { cx } from '../../lib/class-names.ts';\nexport const homePage = [siteCopy, cx];\n`,
  'src/web/entry-server.tsx': `import { homePage } from './public/pages/home-page.ts';\nexport const render = homePage;\n`,
  // A cycle of type imports is erased at build; it does not count.
  'src/server/db/database.ts': `import type { Migration } from './migrations.ts';\nexport type Dialect = Migration;\n`,
  'src/server/db/migrations.ts': `import type { Dialect } from './database.ts';\nexport type Migration = { dialect?: Dialect };\n`,
  'src/server/web/seo-routes.ts': value('seoRoutes'),
  // Outside the migrations, only their index (the list to run) is imported.
  'src/server/db/migrations/0003-blog-search.ts': value('SEARCH_FIELDS'),
  'src/server/db/migrations/index.ts': `import { SEARCH_FIELDS } from './0003-blog-search.ts';\nexport const migrations = [SEARCH_FIELDS];\n`,
  'src/server/features/backups/schema-version.ts': `import { migrations } from '../../db/migrations/index.ts';\nexport const version = migrations.length;\n`,
};

/** One file per broken rule: [rule, importing file, imported file, text of the importing file]. */
const FORBIDDEN: [rule: string, from: string, to: string, text: string][] = [
  [
    'server-feature-to-web',
    'src/server/features/blog/sitemap.ts',
    'src/server/web/seo-routes.ts',
    `import { seoRoutes } from '../../web/seo-routes.ts';\nexport const x = seoRoutes;\n`,
  ],
  [
    'migration-internals',
    'src/server/features/blog/search.ts',
    'src/server/db/migrations/0003-blog-search.ts',
    `import { SEARCH_FIELDS } from '../../db/migrations/0003-blog-search.ts';\nexport const x = SEARCH_FIELDS;\n`,
  ],
  [
    'web-feature-to-other-feature',
    'src/web/features/members/member-blog.ts',
    'src/web/features/blog/api.ts',
    `import { blogApi } from '../blog/api.ts';\nexport const x = blogApi;\n`,
  ],
  [
    'web-ui-lib-to-app',
    'src/web/ui/blog-card.ts',
    'src/web/features/blog/api.ts',
    `import { blogApi } from '../features/blog/api.ts';\nexport const x = blogApi;\n`,
  ],
  [
    'web-ui-lib-to-app',
    'src/web/lib/admin-link.ts',
    'src/web/admin/paths.ts',
    `import { adminPaths } from '../admin/paths.ts';\nexport const x = adminPaths;\n`,
  ],
  [
    'public-to-admin',
    'src/web/public/pages/admin-link.ts',
    'src/web/admin/paths.ts',
    `import { adminPaths } from '../../admin/paths.ts';\nexport const x = adminPaths;\n`,
  ],
  [
    'public-to-admin',
    'src/web/content/blog.ts',
    'src/web/features/blog/api.ts',
    `import { blogApi } from '../features/blog/api.ts';\nexport const x = blogApi;\n`,
  ],
  [
    'web-to-server',
    'src/web/lib/clock.ts',
    'src/server/lib/clock.ts',
    `import { clock } from '../../server/lib/clock.ts';\nexport const x = clock;\n`,
  ],
  [
    'shared-is-pure',
    'src/shared/buttons.ts',
    'src/web/ui/button.ts',
    `import { button } from '../web/ui/button.ts';\nexport const x = button;\n`,
  ],
  [
    'shared-rules-without-zod',
    'src/shared/rules/slug.ts',
    'src/shared/contracts/blog.ts',
    `import { BlogSchema } from '../contracts/blog.ts';\nexport const x = BlogSchema;\n`,
  ],
  [
    'shared-rules-without-zod',
    'src/shared/rules/email.ts',
    'zod',
    `import { z } from 'zod';\nexport const x = z;\n`,
  ],
  [
    // A type import is still a dependency on the other feature.
    'server-feature-to-other-feature',
    'src/server/features/members/routes.ts',
    'src/server/features/blog/repository.ts',
    `import type { posts } from '../blog/repository.ts';\nexport type X = typeof posts;\n`,
  ],
  [
    'server-lib-to-feature',
    'src/server/lib/members.ts',
    'src/server/features/members/repository.ts',
    `import { members } from '../features/members/repository.ts';\nexport const x = members;\n`,
  ],
  [
    'server-lib-to-feature',
    'src/server/jobs/member-purge.ts',
    'src/server/features/members/repository.ts',
    `import { members } from '../features/members/repository.ts';\nexport const x = members;\n`,
  ],
  [
    'server-lib-to-feature',
    'src/server/outbox/outbox.ts',
    'src/server/features/members/repository.ts',
    `import { members } from '../features/members/repository.ts';\nexport const x = members;\n`,
  ],
  [
    'server-lib-to-feature',
    'src/server/egress/egress.ts',
    'src/server/features/members/repository.ts',
    `import { members } from '../features/members/repository.ts';\nexport const x = members;\n`,
  ],
  [
    'server-lib-to-feature',
    'src/server/proof-of-work/proof-of-work.ts',
    'src/server/features/members/repository.ts',
    `import { members } from '../features/members/repository.ts';\nexport const x = members;\n`,
  ],
  [
    'no-circular',
    'src/server/lib/ping.ts',
    'src/server/lib/pong.ts',
    `import { pong } from './pong.ts';\nexport const ping = () => pong;\n`,
  ],
];
const PONG = {
  'src/server/lib/pong.ts': `import { ping } from './ping.ts';\nexport const pong = () => ping;\n`,
};

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** The command `npm run lint` runs: its exit status is what fails lint. */
function lintImports(dir: string): { status: number | null; output: string } {
  const result = run(DEPCRUISE, ['src', '--config', CONFIG, '--output-type', 'err-long'], dir);
  return { status: result.status, output: result.stdout };
}

/** The same check with a report to read: which rule each broken import broke. */
function violations(dir: string): string[] {
  const result = run(DEPCRUISE, ['src', '--config', CONFIG, '--output-type', 'json'], dir);
  const report = JSON.parse(result.stdout) as { summary: { violations: Violation[] } };
  // A package is named by its name: where its file resolves depends on the install (here, a symlink).
  const named = (to: string) => to.replace(/^.*node_modules\/([^/]+)\/.*$/, '$1');
  return report.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} -> ${named(to)}`);
}

describe('dependency-cruiser', () => {
  let allowedDir: string;
  let brokenDir: string;
  let brokenLint: ReturnType<typeof lintImports>;
  let brokenViolations: string[];
  const adviceOf = new Map<string, string>();

  beforeAll(async () => {
    const { default: config } = (await import(pathToFileURL(CONFIG).href)) as {
      default: { forbidden: { name: string; comment: string }[] };
    };
    for (const { name, comment } of config.forbidden) adviceOf.set(name, comment.replace(/\s+/g, ' '));
    allowedDir = writeTree(ALLOWED);
    brokenDir = writeTree({
      ...ALLOWED,
      ...PONG,
      ...Object.fromEntries(FORBIDDEN.map(([, from, , text]) => [from, text])),
    });
    brokenLint = lintImports(brokenDir);
    brokenViolations = violations(brokenDir);
  }, TOOL_TIMEOUT_MS);

  afterAll(() => {
    fs.rmSync(allowedDir, { recursive: true, force: true });
    fs.rmSync(brokenDir, { recursive: true, force: true });
  });

  it(
    'passes a tree that keeps to the layout: same-feature, route-to-feature, app-to-feature, type-only cycles',
    () => {
      const lint = lintImports(allowedDir);
      expect(lint.output).toContain('no dependency violations found');
      expect(lint.status).toBe(0);
    },
    TOOL_TIMEOUT_MS,
  );

  it.each(FORBIDDEN)('%s fails lint when %s imports %s', (rule, from, to) => {
    expect(brokenLint.status).not.toBe(0);
    expect(brokenLint.output).toContain(`error ${rule}: ${from} → `);
    // The rule's advice is printed, so the developer knows what to do instead.
    const advice = adviceOf.get(rule);
    expect(advice).toBeTruthy();
    expect(brokenLint.output.replace(/\s+/g, ' ')).toContain(advice);
    expect(brokenViolations).toContain(`${rule}: ${from} -> ${to}`);
  });

  it('reports only the broken imports (a cycle once, from the module the cruise meets first)', () => {
    expect(brokenViolations.sort()).toEqual(
      FORBIDDEN.map(([rule, from, to]) => `${rule}: ${from} -> ${to}`).sort(),
    );
  });
});

describe('knip', () => {
  let dir: string;

  beforeAll(() => {
    dir = writeTree({
      'package.json': JSON.stringify({ name: 'knip-fixture', private: true, type: 'module' }),
      'knip.jsonc': fs.readFileSync(path.join(ROOT, 'knip.jsonc'), 'utf8'),
      // src/server/main.ts is one of the project's entries.
      'src/server/main.ts': `import { startServer } from './start.ts';\nstartServer({ port: 3000 });\n`,
      // A type in an exported signature may stay exported; a value used only here may not.
      'src/server/start.ts': [
        'export interface StartOptions { port: number }',
        'export const DEFAULT_PORT = 3000;',
        'export function startServer(options: StartOptions): number { return options.port || DEFAULT_PORT; }',
        'export function stopServer(): void {}',
        '',
      ].join('\n'),
    });
  });

  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    'fails lint on an export that no other module imports',
    () => {
      const result = run(KNIP, ['--reporter', 'json', '--no-progress'], dir);
      expect(result.status).not.toBe(0);
      const report = JSON.parse(result.stdout) as { issues: { file: string; exports: { name: string }[] }[] };
      const unusedExports = report.issues.flatMap((issue) =>
        issue.exports.map((unused) => `${issue.file}: ${unused.name}`),
      );
      expect(unusedExports.sort()).toEqual([
        'src/server/start.ts: DEFAULT_PORT',
        'src/server/start.ts: stopServer',
      ]);
    },
    TOOL_TIMEOUT_MS,
  );
});

/** A function whose body is `lines` lines long. */
function functionOfLines(name: string, lines: number): string {
  const body = Array.from({ length: lines - 2 }, (_, index) => `  total += ${index};`);
  return [
    `export function ${name}(): number {`,
    '  let total = 0;',
    ...body,
    '  return total;',
    '}',
    '',
  ].join('\n');
}

describe('biome', () => {
  let dir: string;

  beforeAll(() => {
    dir = writeTree({
      'biome.json': fs.readFileSync(path.join(ROOT, 'biome.json'), 'utf8'),
      '.gitignore': 'node_modules\n',
      'src/server/features/blog/short.ts': functionOfLines('short', 150),
      'src/server/features/blog/long.ts': functionOfLines('long', 151),
      // Tests and migrations are outside the rule.
      'src/server/features/blog/long.test.ts': functionOfLines('longTest', 151),
      'src/server/db/migrations/0001-long.ts': functionOfLines('longMigration', 151),
    });
  });

  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    'fails lint on a server function over 150 lines, outside tests and migrations',
    () => {
      const result = run(BIOME, ['lint', '--reporter=json', 'src'], dir);
      expect(result.status).not.toBe(0);
      const report = JSON.parse(result.stdout) as {
        diagnostics: { category: string; location: { path: string } }[];
      };
      const tooLong = report.diagnostics
        .filter((diagnostic) => diagnostic.category === 'lint/complexity/noExcessiveLinesPerFunction')
        .map((diagnostic) => diagnostic.location.path);
      expect(tooLong).toEqual(['src/server/features/blog/long.ts']);
    },
    TOOL_TIMEOUT_MS,
  );
});
