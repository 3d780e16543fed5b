import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_DATABASES } from '../playwright.config.ts';
import { databaseTarget } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';

export async function signIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** Signs an API client in as the e2e admin, as the browser would (same-origin request). */
export async function signInApi(request: APIRequestContext, baseURL: string) {
  const response = await request.post('/api/admin/login', { data: E2E_ADMIN, headers: { origin: baseURL } });
  expect(response.status()).toBe(200);
}

/** Reads an inquiry straight from the database the server under test uses (SQLite file or PostgreSQL). */
export async function storedInquiry(baseURL: string, id: string) {
  const port = Number(new URL(baseURL).port);
  const target = E2E_DATABASES.find((database) => database.port === port);
  if (!target) throw new Error(`No e2e database serves ${baseURL}`);
  const database = await openDatabase(databaseTarget(target.url));
  try {
    return await database.db
      .selectFrom('contactInquiries')
      .select(['name', 'phone', 'email', 'city', 'query', 'service', 'status', 'isRead'])
      .where('id', '=', id)
      .executeTakeFirst();
  } finally {
    await database.close();
  }
}
