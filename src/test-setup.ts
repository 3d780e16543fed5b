import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { runTestFileCleanups } from './server/test-support/file-cleanups.ts';

// An unexpected console.error is a bug: it fails the test that caused it.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});

afterAll(runTestFileCleanups);
