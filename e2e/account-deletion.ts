import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { createMember, hydrated, uniqueIndianMobile } from './support.ts';

/** What the account deletion page calls its controls, in each language it is in. */
const DELETION_PAGE_WORDS = {
  en: {
    path: '/delete-account',
    countryCode: 'Country code',
    mobile: 'Mobile number',
    password: 'Password',
    deleteButton: 'Delete my account',
    confirmation: 'Delete this account for good?',
    confirmButton: 'Yes, delete my account',
    cancelButton: 'Cancel',
  },
  hi: {
    path: '/hi/delete-account',
    countryCode: 'देश का कोड',
    mobile: 'मोबाइल नंबर',
    password: 'पासवर्ड',
    deleteButton: 'मेरा खाता हटाएँ',
    confirmation: 'क्या यह खाता हमेशा के लिए हटा दें?',
    confirmButton: 'हाँ, मेरा खाता हटाएँ',
    cancelButton: 'रद्द करें',
  },
} as const;

type Language = keyof typeof DELETION_PAGE_WORDS;

/** The account deletion page's controls, found the way a visitor finds them in the page's language. */
export function deletionControls(page: Page, language: Language = 'en') {
  const words = DELETION_PAGE_WORDS[language];
  return {
    countryCode: page.getByLabel(words.countryCode),
    mobile: page.getByLabel(words.mobile),
    password: page.getByLabel(words.password, { exact: true }),
    deleteButton: page.getByRole('button', { name: words.deleteButton }),
    confirmation: page.getByRole('region', { name: words.confirmation }),
    confirmHeading: page.getByRole('heading', { name: words.confirmation }),
    confirmButton: page.getByRole('button', { name: words.confirmButton }),
    cancelButton: page.getByRole('button', { name: words.cancelButton }),
    status: page.getByRole('status'),
  };
}

/**
 * Opens the account deletion page in `language`, once its form answers to the visitor: the form is an island
 * (decision 062), brought to life when the pointer rests on it.
 */
export async function openDeletionPage(page: Page, language: Language = 'en') {
  const response = await page.goto(DELETION_PAGE_WORDS[language].path);
  expect(response?.status()).toBe(200);
  const controls = deletionControls(page, language);
  await controls.mobile.hover();
  await hydrated(controls.deleteButton);
  return controls;
}

/** A member with an Indian mobile (country code +91) and `password`, for a test to delete: the mobile. */
export async function memberToDelete(
  adminRequest: APIRequestContext,
  baseURL: string,
  password: string,
): Promise<string> {
  const mobile = uniqueIndianMobile();
  await createMember(adminRequest, baseURL, { mobile, countryCode: '+91', password });
  return mobile;
}
