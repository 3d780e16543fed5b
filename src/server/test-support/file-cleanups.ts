/**
 * Work left for the end of the test file (src/test-setup.ts runs it after the file's last test), such as
 * dropping the PostgreSQL schemas kept for reuse between its tests. Without imports: every test file loads
 * it, web ones too.
 */
const cleanups = new Set<() => Promise<void>>();

/** Runs `cleanup` once, when the test file ends, however many times it is asked for. */
export function atEndOfTestFile(cleanup: () => Promise<void>): void {
  cleanups.add(cleanup);
}

export async function runTestFileCleanups(): Promise<void> {
  const pending = [...cleanups];
  cleanups.clear();
  for (const cleanup of pending) await cleanup();
}
