import type { Config } from '../../config.ts';
import { isUniqueViolation } from '../../db/repository-support.ts';
import { generatePassword, hashPassword } from '../../lib/password.ts';
import type { AdminRepository } from './admin-repository.ts';

export const DEMO_ADMIN_EMAIL = 'demo@sampark.local';
export const DEMO_ADMIN_PASSWORD = 'sampark-demo';

/**
 * Creates the first admin unless one exists. False when another instance, starting at the same moment on the
 * same database (two servers behind a load balancer, started together), created it first: the email is
 * unique, so only one of them can, and the other starts as if it had found the admin there.
 */
async function createFirstAdmin(
  admins: AdminRepository,
  input: { email: string; passwordHash: string; name: string; passwordToChange?: boolean },
): Promise<boolean> {
  try {
    await admins.create(input);
    return true;
  } catch (error) {
    if (isUniqueViolation(error) && (await admins.count()) > 0) return false;
    throw error;
  }
}

/**
 * First start: with no admin yet, create one from ADMIN_EMAIL / ADMIN_PASSWORD, or with a generated
 * password that is printed once, here, and never stored in clear anywhere. Of instances starting together
 * on a new database, one creates it and prints; the others print nothing.
 */
export async function ensureFirstAdmin(
  admins: AdminRepository,
  config: Pick<Config, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD' | 'DEMO_MODE'>,
  print: (message: string) => void,
): Promise<void> {
  if ((await admins.count()) > 0) return;
  if (config.DEMO_MODE && !config.ADMIN_PASSWORD) {
    const created = await createFirstAdmin(admins, {
      email: DEMO_ADMIN_EMAIL,
      passwordHash: await hashPassword(DEMO_ADMIN_PASSWORD),
      name: 'Demo owner',
    });
    if (created) print(`Demo mode: sign in at /admin/login as ${DEMO_ADMIN_EMAIL} / ${DEMO_ADMIN_PASSWORD}`);
    return;
  }
  const password = config.ADMIN_PASSWORD ?? generatePassword();
  const created = await createFirstAdmin(admins, {
    email: config.ADMIN_EMAIL,
    passwordHash: await hashPassword(password),
    name: 'Owner',
    // A generated password was read off a log: the owner is asked to choose their own at sign-in.
    passwordToChange: !config.ADMIN_PASSWORD,
  });
  if (!created) return;
  if (config.ADMIN_PASSWORD) {
    print(`Created the first admin ${config.ADMIN_EMAIL} with the password from ADMIN_PASSWORD.`);
  } else {
    print(
      [
        '',
        '================================================================',
        ' First start: an admin account was created for the back office.',
        `   email:    ${config.ADMIN_EMAIL}`,
        `   password: ${password}`,
        ' This password is shown only now. Sign in at /admin/login and',
        ' change it under My Profile, or reset it with:',
        '   npm run admin -- reset-password <email>',
        '================================================================',
        '',
      ].join('\n'),
    );
  }
}
