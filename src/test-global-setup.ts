import type { TestProject } from 'vitest/node';
import { createDatabaseTemplates, type DatabaseTemplates } from './server/test-support/database-templates.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** Migrates the databases every test copies, once for the run (decision 060). */
export default async function setup(project: TestProject): Promise<() => void> {
  const { templates, dispose } = await createDatabaseTemplates(process.env.TEST_POSTGRES_URL);
  project.provide('databaseTemplates', templates);
  return dispose;
}
