import { defineConfig } from 'vitest/config';
import { compiledMessages, FORMAT_ONLY_ALIAS } from './scripts/compiled-messages.ts';

export default defineConfig({
  // The public site's message catalogues, compiled as the build compiles them (decision 038).
  plugins: [compiledMessages()],
  resolve: { alias: [FORMAT_ONLY_ALIAS] },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
    setupFiles: ['src/test-setup.ts'],
    environment: 'node',
    // use-intl imports its formatter by its package name: inlined, it gets the alias above, as in the build.
    server: { deps: { inline: ['use-intl'] } },
    // API suites each open their own database; two cores, so two workers.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
