import { defineConfig } from 'vitest/config';
import { compiledMessages } from './scripts/compiled-messages.ts';

export default defineConfig({
  // The public site's message catalogues, compiled as the build compiles them (decision 038).
  plugins: [compiledMessages()],
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Run on its own by npm run test:container (vitest.container.config.ts).
    exclude: ['scripts/container/**', '**/node_modules/**'],
    // Migrates the databases each test copies, once for the run (decision 060).
    globalSetup: ['src/test-global-setup.ts'],
    setupFiles: ['src/test-setup.ts'],
    environment: 'node',
    // API suites each open their own database; two cores, so two workers.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // The end of the run drops its scratch PostgreSQL databases, a checkpoint each (scratch-postgres.ts).
    teardownTimeout: 120_000,
  },
});
