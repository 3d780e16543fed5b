import { defineConfig } from 'vitest/config';
import { compiledMessages } from './scripts/compiled-messages.ts';

const EXCLUDE = ['scripts/container/**', '**/node_modules/**'];
const SERVER_TESTS = ['src/server/**/*.test.ts', 'src/server/**/*.test.tsx'];
/** Server tests that replace a module (vi.mock): a module another file already loaded would keep the original. */
const SERVER_TESTS_WITH_MOCKED_MODULES = ['src/server/web/share-cards.test.ts'];

export default defineConfig({
  // The public site's message catalogues, compiled as the build compiles them (decision 038).
  plugins: [compiledMessages()],
  test: {
    // Migrates the databases each test copies, once for the run (decision 060).
    globalSetup: ['src/test-global-setup.ts'],
    setupFiles: ['src/test-setup.ts'],
    environment: 'node',
    // API suites each open their own database; two cores, so two workers.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: SERVER_TESTS,
          exclude: [...EXCLUDE, ...SERVER_TESTS_WITH_MOCKED_MODULES],
          // Each server test file imports the whole app, which took longer than most files' tests: a worker
          // imports it once and runs file after file (decision 060).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Run on its own by npm run test:container (vitest.container.config.ts).
          exclude: [...EXCLUDE, ...SERVER_TESTS],
        },
      },
      {
        extends: true,
        test: { name: 'server-mocks', include: SERVER_TESTS_WITH_MOCKED_MODULES, exclude: EXCLUDE },
      },
    ],
  },
});
