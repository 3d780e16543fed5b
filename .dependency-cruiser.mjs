// Import boundaries between folders (decision 023). Paths are resolved files, not import strings, so a rule
// holds however the import is spelled. scripts/lint-rules.test.ts proves each rule fails lint.
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'web-feature-to-other-feature',
      comment:
        'A web feature must not import another feature. Compose them in a route (src/web/admin/routes), or move what both need to src/web/ui, src/web/lib or src/shared.',
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/features/', pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'web-ui-lib-to-app',
      comment:
        'src/web/ui and src/web/lib are building blocks: they must not import features, admin or public code. Pass what they need in as props or arguments.',
      severity: 'error',
      from: { path: '^src/web/(ui|lib)/' },
      to: { path: '^src/web/(features|admin|public)/' },
    },
    {
      name: 'public-to-admin',
      comment:
        'Public pages must not import admin code (src/web/admin, src/web/features): it would ship admin code to visitors. Move what both need to src/web/lib or src/shared.',
      severity: 'error',
      from: { path: '^src/web/(public|content)/|^src/web/entry-(client|server)\\.tsx$' },
      to: { path: '^src/web/(admin|features)/' },
    },
    {
      name: 'web-to-server',
      comment: 'Web code must not import server code: move what both need to src/shared.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'shared-is-pure',
      comment: 'Shared code is pure: it must not import server or web code.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'shared-rules-without-zod',
      comment:
        'src/shared/rules is what public pages may import, so it stays free of zod: move the schema to src/shared/contracts, which may import rules (not the other way round). A type inferred from a contract may be imported with `import type` (erased from the bundle).',
      severity: 'error',
      from: { path: '^src/shared/rules/' },
      to: { path: ['^src/shared/contracts/', '(^|/)node_modules/zod/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-feature-to-other-feature',
      comment:
        'A server feature must not import another feature. Declare the narrow interface you need in your own folder and let src/server/app.ts pass the other feature in, or move what both need to src/server/lib.',
      severity: 'error',
      from: { path: '^src/server/features/([^/]+)/' },
      to: { path: '^src/server/features/', pathNot: '^src/server/features/$1/' },
    },
    {
      name: 'server-lib-to-feature',
      comment:
        'src/server/lib, db, jobs, outbox, egress, proof-of-work and plugins are building blocks: they must not import features. Pass what they need in from src/server/app.ts.',
      severity: 'error',
      from: { path: '^src/server/(lib|db|jobs|outbox|egress|proof-of-work|plugins)/' },
      to: { path: '^src/server/features/' },
    },
    {
      name: 'server-feature-to-web',
      comment:
        'src/server/web serves the pages and composes features; a feature must not import it. Move what both need (e.g. sitemap entries) to src/server/lib.',
      severity: 'error',
      from: { path: '^src/server/features/' },
      to: { path: '^src/server/web/' },
    },
    {
      name: 'migration-internals',
      comment:
        'A migration is frozen the day it ships: code outside src/server/db/migrations imports only its index (the list to run), never one migration. Keep the constant in the feature, and a literal copy in the migration.',
      severity: 'error',
      from: { pathNot: '^src/server/db/migrations/' },
      to: { path: '^src/server/db/migrations/', pathNot: '^src/server/db/migrations/index\\.ts$' },
    },
    {
      name: 'no-circular',
      comment:
        'This import closes a cycle of imports that run. Move what both modules need into a third one that neither imports. (Cycles through `import type` are erased at build and allowed.)',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
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
