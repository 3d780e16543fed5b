/**
 * Signs the e2e admin in once per database, through the API, and saves the session for the tests
 * (`test.use(signedInAsAdmin)` or the `adminRequest` fixture): no test but the sign-in tests uses the
 * form, and no sign-in during the run can race the one that counts failed attempts. Playwright starts
 * the servers before this runs.
 */
import { request } from '@playwright/test';
import { E2E_DATABASES } from '../playwright.config.ts';
import { adminSessionFile, signInApi } from './support.ts';

export default async function globalSetup() {
  for (const database of E2E_DATABASES) {
    const baseURL = `http://127.0.0.1:${database.port}`;
    const context = await request.newContext({ baseURL });
    try {
      await signInApi(context, baseURL);
      await context.storageState({ path: adminSessionFile(baseURL) });
    } finally {
      await context.dispose();
    }
  }
}
