// Import boundaries between folders (decision 023). Paths are resolved files, not import strings, so a rule
// holds however the import is spelled. scripts/lint-rules.test.ts proves each rule fails lint.
/** What lint prints beside each import a rule finds: what to do instead. */
const ADVICE = {
  'web-feature-to-other-feature':
    'A web feature must not import another feature. Compose them in a route (src/web/admin/routes), or move what both need to src/web/ui, src/web/lib or src/shared.',
  'web-ui-lib-to-app':
    'src/web/ui and src/web/lib are building blocks: they must not import features, admin or public code. Pass what they need in as props or arguments.',
  'public-to-admin':
    'Public pages must not import admin code (src/web/admin, src/web/features): it would ship admin code to visitors. Move what both need to src/web/lib or src/shared.',
  'web-to-server': 'Web code must not import server code: move what both need to src/shared.',
  'shared-is-pure': 'Shared code is pure: it must not import server or web code.',
  'shared-rules-without-zod':
    'src/shared/rules is what public pages may import, so it stays free of zod: move the schema to src/shared/contracts, which may import rules (not the other way round). A type inferred from a contract may be imported with `import type` (erased from the bundle).',
  'server-feature-to-other-feature':
    'A server feature must not import another feature. Declare the narrow interface you need in your own folder and let src/server/app.ts pass the other feature in, or move what both need to src/server/lib.',
  'server-lib-to-feature':
    'src/server/lib, db, jobs, outbox, egress, proof-of-work and plugins are building blocks: they must not import features. Pass what they need in from src/server/app.ts.',
  'server-feature-to-web':
    'src/server/web serves the pages and composes features; a feature must not import it. Move what both need (e.g. sitemap entries) to src/server/lib.',
  'migration-internals':
    'A migration is frozen the day it ships: code outside src/server/db/migrations imports only its index (the list to run), never one migration. Keep the constant in the feature, and a literal copy in the migration.',
  'no-circular':
    'This import closes a cycle of imports that run. Move what both modules need into a third one that neither imports. (Cycles through `import type` are erased at build and allowed.)',
};

/**
 * Imports from the files `from` matches of the files `to` matches fail lint, printed with the rule's advice.
 * A string matches a path (a regex); an object is dependency-cruiser's own condition.
 */
function forbid(name, from, to) {
  const condition = (match) => (typeof match === 'string' ? { path: match } : match);
  return { name, comment: ADVICE[name], severity: 'error', from: condition(from), to: condition(to) };
}

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    forbid('web-feature-to-other-feature', '^src/web/features/([^/]+)/', {
      path: '^src/web/features/',
      pathNot: '^src/web/features/$1/',
    }),
    forbid('web-ui-lib-to-app', '^src/web/(ui|lib)/', '^src/web/(features|admin|public)/'),
    forbid(
      'public-to-admin',
      '^src/web/(public|content)/|^src/web/(entry-server\\.tsx|page-start\\.ts)$',
      '^src/web/(admin|features)/',
    ),
    forbid('web-to-server', '^src/web/', '^src/server/'),
    forbid('shared-is-pure', '^src/shared/', '^src/(server|web)/'),
    forbid('shared-rules-without-zod', '^src/shared/rules/', {
      path: ['^src/shared/contracts/', '(^|/)node_modules/zod/'],
      dependencyTypesNot: ['type-only'],
    }),
    forbid('server-feature-to-other-feature', '^src/server/features/([^/]+)/', {
      path: '^src/server/features/',
      pathNot: '^src/server/features/$1/',
    }),
    forbid(
      'server-lib-to-feature',
      '^src/server/(lib|db|jobs|outbox|egress|proof-of-work|plugins)/',
      '^src/server/features/',
    ),
    forbid('server-feature-to-web', '^src/server/features/', '^src/server/web/'),
    forbid(
      'migration-internals',
      { pathNot: '^src/server/db/migrations/' },
      { path: '^src/server/db/migrations/', pathNot: '^src/server/db/migrations/index\\.ts$' },
    ),
    forbid('no-circular', {}, { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } }),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|data|test-results|playwright-report|\\.tmp)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
