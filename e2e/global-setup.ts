/**
 * Signs the e2e admin in once per database, through the API, and saves the session for the tests
 * (`test.use(signedInAsAdmin)` or the `adminRequest` fixture): no test but the sign-in tests uses the
 * form, and no sign-in during the run can race the one that counts failed attempts. Then it adds the
 * business's own contact channels (BUSINESS_CHANNELS), which the landing page shows. Playwright starts
 * the servers before this runs.
 */
import { request } from '@playwright/test';
import { E2E_DATABASES } from '../playwright.config.ts';
import { adminSessionFile, BUSINESS_CHANNELS, signInApi } from './support.ts';

export default async function globalSetup() {
  for (const database of E2E_DATABASES) {
    const baseURL = `http://127.0.0.1:${database.port}`;
    const context = await request.newContext({ baseURL });
    try {
      await signInApi(context, baseURL);
      await context.storageState({ path: adminSessionFile(baseURL) });
      for (const channel of BUSINESS_CHANNELS) {
        const response = await context.post('/api/contacts', {
          data: { ...channel, isActive: true },
          headers: { origin: baseURL },
        });
        if (response.status() !== 201)
          throw new Error(`Adding the ${channel.type} channel: ${response.status()}`);
      }
    } finally {
      await context.dispose();
    }
  }
}
