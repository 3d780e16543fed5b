import { defineConfig } from 'vitest/config';
import { compiledMessages } from './scripts/compiled-messages.ts';

/**
 * Test files that run each in a process of its own (decision 067): those that replace a module with vi.mock
 * (a mock applies only where the module is imported afresh), and two that each failed once, waiting for a
 * receiver or a server, when they shared a process with other files (the cause was not found).
 */
const ISOLATED_FILES = [
  'src/server/web/share-cards.test.ts',
  'src/web/features/contact-inquiries/api.test.ts',
  'src/server/outbox/outbox-lanes.test.ts',
  'bench/baseline-servers.test.ts',
];

export default defineConfig({
  // The public site's message catalogues, compiled as the build compiles them (decision 038).
  plugins: [compiledMessages()],
  test: {
    // Migrates the databases each test copies, once for the run (decision 060).
    globalSetup: ['src/test-global-setup.ts'],
    setupFiles: ['src/test-setup.ts'],
    environment: 'node',
    // Four workers on two cores: with two, the cores sat idle for a third of the run while files waited on their
    // databases, servers and child processes; other files' work fills that (decision 067).
    maxWorkers: 4,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // The end of the run drops its scratch PostgreSQL databases, a checkpoint each (scratch-postgres.ts).
    teardownTimeout: 120_000,
    projects: [
      // A worker process runs file after file with the modules it has loaded: loading the app's 1,500 modules
      // for every file took about a fifth of the run (decision 067).
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          // The container test runs on its own, by npm run test:container (vitest.container.config.ts).
          exclude: ['scripts/container/**', '**/node_modules/**', ...ISOLATED_FILES],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED_FILES } },
    ],
  },
});
