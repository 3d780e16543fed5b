import type { TestProject } from 'vitest/node';
import { createDatabaseTemplates, type DatabaseTemplates } from './server/test-support/database-templates.ts';
import {
  dropScratchPostgresDatabases,
  newScratchPostgresRun,
} from './server/test-support/scratch-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/**
 * Migrates the databases every test copies, once for the run (decision 060); at the end, removes them and
 * the scratch PostgreSQL databases the run's tests made.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const postgresUrl = process.env.TEST_POSTGRES_URL;
  const { templates, dispose } = await createDatabaseTemplates(postgresUrl);
  project.provide('databaseTemplates', templates);
  const scratchRun = newScratchPostgresRun();
  project.provide('scratchPostgresRun', scratchRun);
  return async () => {
    dispose();
    if (postgresUrl) await dropScratchPostgresDatabases(postgresUrl, scratchRun);
  };
}
