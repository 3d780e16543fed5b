import type { Database } from '../db/database.ts';
import { createAccounts } from '../features/admin-auth/accounts.ts';
import { createContactInquiryRepository } from '../features/contact-inquiries/repository.ts';

/**
 * The inquiries' repository as the app makes it, its assignees read through the admin-auth feature's
 * accounts: for the tests that store or read inquiries straight through it.
 */
export function inquiryRepository(
  { db, dialect }: Pick<Database, 'db' | 'dialect'>,
  options: Omit<Parameters<typeof createContactInquiryRepository>[2], 'team'> = {},
) {
  return createContactInquiryRepository(db, dialect, { ...options, team: createAccounts(db, dialect) });
}
