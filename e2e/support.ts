import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';

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
