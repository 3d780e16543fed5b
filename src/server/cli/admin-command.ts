import { parseArgs } from 'node:util';
import { RoleSchema } from '../../shared/contracts/admin-auth.ts';
import { EmailSchema } from '../../shared/contracts/fields.ts';
import { TeamMemberCreateSchema } from '../../shared/contracts/team.ts';
import { ADMIN_PASSWORD_MIN_LENGTH } from '../../shared/rules/admin-auth.ts';
import { ROLES } from '../../shared/rules/roles.ts';
import type { Database } from '../db/database.ts';
import { createAccounts } from '../features/admin-auth/accounts.ts';
import { createAdminRepository } from '../features/admin-auth/admin-repository.ts';
import { createSessionRepository } from '../features/admin-auth/session-repository.ts';
import { createTeamRepository } from '../features/team/repository.ts';
import { generatePassword, hashPassword } from '../lib/password.ts';

const ADMIN_CLI_USAGE = `Usage:
  npm run admin -- create <email> [--password <password>] [--name <name>] [--role <role>]
  npm run admin -- reset-password <email> [--password <password>]
  npm run admin -- reset-two-factor <email>
Without --password a strong password is generated and printed once. The role is one of
${ROLES.join(', ')} (administrator unless given); the name is the email's part before @ unless given.
reset-two-factor turns two-factor sign-in off for a user who lost their authenticator and recovery codes.`;

const COMMANDS = ['create', 'reset-password', 'reset-two-factor'];

/** The message of a refused option value: the schema's own words, which never repeat the value. */
function parsed<T>(
  result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } },
) {
  if (!result.success) throw new CliError(result.error.issues[0]?.message ?? 'Invalid value');
  return result.data;
}

export class CliError extends Error {}

/** The admin command: create an admin, reset a password or a second factor. Returns what to print. */
export async function runAdminCommand(argv: string[], database: Database): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { password: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
  });
  const [command, rawEmail] = positionals;
  if (!command || !COMMANDS.includes(command) || !rawEmail) throw new CliError(ADMIN_CLI_USAGE);
  if (command !== 'create' && (values.name !== undefined || values.role !== undefined))
    throw new CliError(`--name and --role are for create only.\n${ADMIN_CLI_USAGE}`);
  const email = EmailSchema.safeParse(rawEmail);
  if (!email.success) throw new CliError(`Not a valid email address: ${rawEmail}`);
  if (values.password !== undefined && values.password.length < ADMIN_PASSWORD_MIN_LENGTH) {
    throw new CliError(`The password must have at least ${ADMIN_PASSWORD_MIN_LENGTH} characters.`);
  }
  const admins = createAdminRepository(database.db);
  const existing = await admins.findByEmail(email.data);
  if (command === 'reset-two-factor') {
    if (!existing) throw new CliError(`No admin has the email ${email.data}.`);
    await admins.clearTwoFactor(existing.id);
    // Whoever holds a session may have been let in by the lost second factor.
    await createSessionRepository(database.db).deleteForAdmin(existing.id);
    return (
      `Two-factor sign-in is off for ${email.data}; every session of this admin was signed out. ` +
      'They sign in with their password alone, and can set it up again in My Profile.'
    );
  }
  const password = values.password ?? generatePassword();
  const shown = values.password === undefined ? `\n  password: ${password}\n(shown only now)` : '';

  if (command === 'create') {
    if (existing)
      throw new CliError(`An admin with the email ${email.data} already exists: use reset-password.`);
    const name = parsed(TeamMemberCreateSchema.shape.name.safeParse(values.name ?? email.data.split('@')[0]));
    const role = parsed(RoleSchema.safeParse(values.role ?? 'administrator'));
    await admins.create({
      email: email.data,
      passwordHash: await hashPassword(password),
      name,
      role,
      passwordToChange: values.password === undefined,
    });
    return `Created ${role} ${email.data} (${name}).${shown}`;
  }
  if (!existing) throw new CliError(`No admin has the email ${email.data}.`);
  const team = createTeamRepository(database.db, {
    accounts: createAccounts(database.db, database.dialect),
    sessions: createSessionRepository(database.db),
    clock: Date.now,
  });
  // A reset usually means the old password leaked: end every session it may have opened, and any
  // invitation link still open for the account.
  // A generated password was read off a terminal: its user is asked to choose their own at sign-in.
  await team.setPassword(existing.id, await hashPassword(password), {
    toChange: values.password === undefined,
  });
  return `Password reset for ${email.data}; every session of this admin was signed out.${shown}`;
}
