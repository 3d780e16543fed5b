import { defineConfig } from 'vitest/config';

/**
 * The container test (scripts/container/container.test.ts) on its own: building the image takes both cores
 * for minutes, which would slow every other suite running beside it.
 */
export default defineConfig({
  test: {
    include: ['scripts/container/**/*.test.ts'],
    environment: 'node',
    maxWorkers: 1,
    testTimeout: 600_000,
    hookTimeout: 1_800_000,
  },
});
