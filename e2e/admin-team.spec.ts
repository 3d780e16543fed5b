import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import {
  asConfirmedAdmin,
  collectErrors,
  deleteInquiry,
  expectNoSeriousAxeViolations,
  inquiryFor,
  sendInquiry,
  signedOut,
  TOASTER,
  toast,
  uniqueTag,
} from './support.ts';

asConfirmedAdmin();

/** The admin menu's links, in order. */
function navLinks(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Admin' }).getByRole('link');
}

/** The password or link in a shown-once panel. */
function shownSecret(dialog: Locator): Locator {
  return dialog.locator('dd code');
}

/** The row (wide screen) or card (phone) of the team member with this name. */
function userRow(page: Page, name: string): Locator {
  return page
    .getByRole('row')
    .or(page.getByRole('listitem'))
    .filter({ has: page.getByRole('button', { name: `Manage ${name}`, exact: true }) });
}

/** A user of this test's own, called by their role (Agent, Editor): an email and a name no other test uses. */
function uniqueUser(role: string) {
  const tag = uniqueTag();
  return { tag, email: `${role.toLowerCase()}-${tag}@example.com`, name: `${role} ${tag}` };
}

/** Opens Add user and fills it in; the password choice is left to the caller. */
async function fillAddUser(page: Page, user: { email: string; name: string; role: RegExp }) {
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByLabel('Name').fill(user.name);
  await dialog.getByRole('radio', { name: user.role }).check();
  return dialog;
}

/** The answers of the server that refused something to this page's user (403). */
function refusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(new URL(response.url()).pathname);
  });
  return refused;
}

/** A browser of its own, signed out, as the new user's phone would be. */
async function freshPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ storageState: signedOut, baseURL });
  return { context, page: await context.newPage() };
}

async function signInWithForm(page: Page, email: string, password: string) {
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

/** Removes the users this test added (by their emails), through the administrator's API. */
async function deleteUsers(request: APIRequestContext, baseURL: string, emails: readonly string[]) {
  const response = await request.get('/api/admin/users');
  if (response.status() !== 200) return;
  const { users } = (await response.json()) as { users: { _id: string; email: string }[] };
  for (const user of users.filter((entry) => emails.includes(entry.email))) {
    await request.delete(`/api/admin/users/${user._id}`, { headers: { origin: baseURL } });
  }
}

test('an administrator adds an agent with a generated password; the agent sees only the dashboard, the inquiries and the reply templates', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const { tag, email, name } = uniqueUser('Agent');
  const inquiryId = await sendInquiry(request, baseURL!, inquiryFor(tag));
  const agent = await freshPage(browser, baseURL!);

  try {
    await page.goto('/admin/dashboard');
    await navLinks(page).filter({ hasText: 'Team' }).click();
    await expect(page).toHaveURL(/\/admin\/team$/);
    await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
    await expect(page.getByText(E2E_ADMIN.email).first()).toBeVisible();

    // An email already in the team is refused beside the Email field.
    const taken = await fillAddUser(page, { email: E2E_ADMIN.email, name: 'Second Owner', role: /^Agent/ });
    await taken.getByRole('button', { name: 'Add user' }).click();
    await expect(taken.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(taken.getByLabel('Email')).toBeFocused();
    await taken.getByRole('button', { name: 'Cancel' }).click();
    await expect(taken).toBeHidden();

    // The agent, with a generated password, shown once.
    const dialog = await fillAddUser(page, { email, name, role: /^Agent/ });
    await expect(dialog.getByRole('radio', { name: /^Generate a password/ })).toBeChecked();
    await expectNoSeriousAxeViolations(page, TOASTER);
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expect(toast(page, 'User added', 'success')).toBeVisible();
    const added = page.getByRole('dialog', { name: 'User added' });
    await expect(added).toContainText('This password is shown only once.');
    await expect(added).toContainText(email);
    await expect(shownSecret(added)).toHaveText(/^\S{10,}$/);
    const password = (await shownSecret(added).textContent()) ?? '';
    const whatsapp = added.getByRole('link', { name: /Send on WhatsApp/ });
    await expect(whatsapp).toHaveAttribute('target', '_blank');
    const share = new URL((await whatsapp.getAttribute('href')) ?? 'about:blank');
    expect(share.searchParams.get('text')).toContain(`Password: ${password}`);
    await added.getByRole('button', { name: 'Done' }).click();
    await expect(added).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add user' })).toBeFocused();

    const row = userRow(page, name);
    await expect(row).toContainText(email);
    await expect(row).toContainText('Agent');
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Never');
    expect(await page.content()).not.toContain(password);
    await expectNoSeriousAxeViolations(page, TOASTER);

    // The agent signs in on their own browser: the dashboard, the inquiries and the reply templates, nothing else.
    const refused = refusals(agent.page);
    await agent.page.goto('/admin/login');
    await agent.page.getByLabel('Email').fill(email);
    await signInWithForm(agent.page, email, password);
    // From here on (the login page's own "who is signed in?" is answered 401 before).
    const errors = collectErrors(agent.page);
    // The password was chosen for them: the back office suggests choosing their own, and lets it wait.
    const suggestion = agent.page.getByRole('status').filter({ hasText: 'Choose your own password.' });
    await expect(suggestion).toBeVisible();
    await suggestion.getByRole('button', { name: 'Not now' }).click();
    await expect(suggestion).toBeHidden();
    await expect(navLinks(agent.page)).toHaveText(['Dashboard', /^Inquiries/, 'Reply templates']);
    await expect(agent.page.getByRole('region', { name: 'Recent unread inquiries' })).toBeVisible();
    await agent.page.getByRole('button', { name: /^Account menu/ }).click();
    await expect(agent.page.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
    await expect(agent.page.getByRole('menuitem', { name: 'Settings' })).toHaveCount(0);
    await agent.page.keyboard.press('Escape');

    // In the inbox they answer inquiries, but neither delete nor export them.
    await navLinks(agent.page).filter({ hasText: 'Inquiries' }).click();
    await agent.page.getByLabel('Search inquiries', { exact: true }).last().fill(tag);
    await expect(agent.page.getByRole('button', { name: `Open inquiry from Inbox ${tag}` })).toBeVisible();
    await expect(agent.page.getByRole('button', { name: /^Delete inquiry/ })).toHaveCount(0);
    await expect(agent.page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
    await agent.page.getByRole('button', { name: `Open inquiry from Inbox ${tag}` }).click();
    const detail = agent.page.getByRole('dialog', { name: `Inquiry from Inbox ${tag}` });
    await expect(detail.getByRole('button', { name: 'Mark as unread' })).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    // They note what they did and take the inquiry.
    await detail.getByLabel('Add a note').fill(`Called back about ${tag}`);
    await detail.getByRole('button', { name: 'Add note' }).click();
    await expect(toast(agent.page, 'Note added', 'success')).toBeVisible();
    await detail.getByRole('button', { name: 'Assign to me' }).click();
    await expect(toast(agent.page, 'Inquiry assigned', 'success')).toBeVisible();
    await detail.getByRole('button', { name: 'Close', exact: true }).click();

    // A screen typed into the address bar that the role may not use says so, without asking the server.
    const asked: string[] = [];
    agent.page.on('request', (sent) => {
      const path = new URL(sent.url()).pathname;
      if (path.startsWith('/api/admin/notifications') || path.startsWith('/api/admin/backups')) {
        asked.push(path);
      }
    });
    await agent.page.goto('/admin/settings');
    await expect(
      agent.page.getByRole('heading', { name: 'Not available for your role', level: 1 }),
    ).toBeVisible();
    await expect(agent.page.getByRole('heading', { name: 'Settings', level: 1 })).toHaveCount(0);
    await expect(navLinks(agent.page)).toHaveText(['Dashboard', /^Inquiries/, 'Reply templates']);
    await expectNoSeriousAxeViolations(agent.page, TOASTER);
    await agent.page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await expect(agent.page).toHaveURL(/\/admin\/dashboard$/);
    await agent.page.goto('/admin/team');
    await expect(agent.page.getByRole('heading', { name: 'Not available for your role' })).toBeVisible();
    expect(asked).toEqual([]);
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);

    // The administrator sees the agent's note and assignment on the inquiry...
    await page.goto(`/admin/inquiries?q=${tag}`);
    await page.getByRole('button', { name: `Open inquiry from Inbox ${tag}` }).click();
    const inquiry = page.getByRole('dialog', { name: `Inquiry from Inbox ${tag}` });
    await expect(inquiry.getByLabel('Assigned to').locator('option:checked')).toHaveText(name);
    await expect(
      inquiry.getByRole('region', { name: 'Notes' }).getByRole('article', { name: `Note by ${name}` }),
    ).toContainText(`Called back about ${tag}`);
    await inquiry.getByRole('button', { name: 'Close', exact: true }).click();

    // ...and, in the audit log, what the agent did and that the administrator added them.
    await navLinks(page).filter({ hasText: 'Audit log' }).click();
    await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
    await page.getByLabel('User', { exact: true }).selectOption({ label: `${name} (${email})` });
    await expect(page).toHaveURL(/[?&]actor=/);
    const agentLog = page.getByRole('list', { name: 'Audit log, newest first' }).getByRole('listitem');
    await expect(agentLog).toHaveText([
      new RegExp(`${email} Assigned an inquiry`),
      new RegExp(`${email} Added a note`),
      // Opening the inquiry marked it read: who read a customer's message is on record too.
      new RegExp(`${email} Marked an inquiry read`),
      new RegExp(`${email} Signed in`),
    ]);
    // The inquiry is named by its sender while it exists.
    await expect(agentLog.first()).toContainText(`inquiry from Inbox ${tag}`);
    await page.getByLabel('User', { exact: true }).selectOption('');
    await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Added a team member' });
    await expect(page).toHaveURL(/[?&]action=user\.create/);
    await expect(
      page
        .getByRole('list', { name: 'Audit log, newest first' })
        .getByRole('listitem')
        .filter({ hasText: email }),
    ).toHaveText([new RegExp(`${E2E_ADMIN.email} Added a team member`)]);
    await expectNoSeriousAxeViolations(page, TOASTER);

    // At their next visit the suggestion is back, until they choose a password of their own.
    await agent.page.goto('/admin/dashboard');
    await suggestion.getByRole('link', { name: 'Change password' }).click();
    await expect(agent.page).toHaveURL(/\/admin\/profile$/);
    await expect(suggestion).toHaveCount(0);
    await agent.page.getByLabel('Current password').fill(password);
    await agent.page.getByLabel('New password', { exact: true }).fill(`agent's own ${tag}`);
    await agent.page.getByLabel('Confirm new password').fill(`agent's own ${tag}`);
    await agent.page.getByRole('button', { name: 'Change password' }).click();
    await expect(toast(agent.page, 'Password changed successfully', 'success')).toBeVisible();
    await navLinks(agent.page).filter({ hasText: 'Dashboard' }).click();
    await expect(agent.page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(suggestion).toHaveCount(0);
    await agent.page.reload();
    await expect(agent.page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(suggestion).toHaveCount(0);
  } finally {
    await agent.context.close();
    await deleteInquiry(request, baseURL!, inquiryId);
    await deleteUsers(request, baseURL!, [email]);
  }
});

test('two filters of the audit log picked before the screen redraws both hold', async ({ page }) => {
  await page.goto('/admin/audit-log');
  const user = page.getByLabel('User', { exact: true });
  await user.selectOption({ index: 1 });
  await expect(page).toHaveURL(/[?&]actor=/);
  // A slow phone: the second choice comes before the screen has redrawn after the first.
  await page.evaluate(() => {
    const choose = (label: string, value: string) => {
      const select = [...document.querySelectorAll('label')].find((each) => each.textContent === label)
        ?.control as HTMLSelectElement;
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    };
    choose('User', '');
    choose('Action', 'user.create');
  });
  await expect(page).toHaveURL(/[?&]action=user\.create/);
  await expect(page).not.toHaveURL(/[?&]actor=/);
  await expect(user).toHaveValue('');
  await expect(page.getByLabel('Action', { exact: true })).toHaveValue('user.create');
});

test('an administrator invites an editor, who sets a password from the link and sees the dashboard and the blog', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const { tag, email, name } = uniqueUser('Editor');
  const password = `editor-pass-${tag}`;
  const editor = await freshPage(browser, baseURL!);

  try {
    await page.goto('/admin/team');
    const dialog = await fillAddUser(page, { email, name, role: /^Editor/ });
    await dialog.getByRole('radio', { name: /^Send an invitation link/ }).check();
    await expect(dialog.getByLabel('Password', { exact: true })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expect(toast(page, 'User invited', 'success')).toBeVisible();
    const invited = page.getByRole('dialog', { name: 'User invited' });
    await expect(invited).toContainText('This link is shown only once.');
    await expect(shownSecret(invited)).toHaveText(/\/admin\/invitation#\S+$/);
    const link = new URL((await shownSecret(invited).textContent()) ?? 'about:blank');
    await expect(invited.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(invited.getByRole('link', { name: /Send on WhatsApp/ })).toHaveAttribute(
      'href',
      new RegExp(encodeURIComponent(link.hash)),
    );
    await expectNoSeriousAxeViolations(page, TOASTER);
    await invited.getByRole('button', { name: 'Done' }).click();

    const row = userRow(page, name);
    await expect(row).toContainText('Invited');
    await expect(row).toContainText('Editor');

    // The invited person opens the link, signed out, and sets a password.
    const refused = refusals(editor.page);
    const invitationPath = `${link.pathname}${link.hash}`;
    await editor.page.goto(invitationPath);
    await expect(
      editor.page.getByRole('heading', { name: `Set a password for ${email}`, level: 1 }),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(editor.page);
    await editor.page.getByLabel('New password').fill(password);
    await editor.page.getByLabel('Confirm password').fill(`${password}x`);
    await editor.page.getByRole('button', { name: 'Set password' }).click();
    await expect(editor.page.getByText('The passwords do not match')).toBeVisible();
    await editor.page.getByLabel('Confirm password').fill(password);
    await editor.page.getByRole('button', { name: 'Set password' }).click();

    // Then the login page, with the email filled in and a word on what happened.
    await expect(editor.page).toHaveURL(/\/admin\/login$/);
    await expect(editor.page.getByRole('status').filter({ hasText: 'Your password is set.' })).toBeVisible();
    await signInWithForm(editor.page, email, password);
    const errors = collectErrors(editor.page);
    await expect(navLinks(editor.page)).toHaveText(['Dashboard', 'Add Blogs']);
    // No inquiries for an editor: neither the counts nor a way into the inbox.
    await expect(editor.page.getByLabel('Site content')).toBeVisible();
    await expect(editor.page.getByLabel('Inquiry statistics')).toHaveCount(0);
    await expect(editor.page.getByRole('link', { name: /inquiries/i })).toHaveCount(0);
    await expect(editor.page.getByLabel('Search inquiries')).toHaveCount(0);
    await navLinks(editor.page).filter({ hasText: 'Add Blogs' }).click();
    await expect(editor.page).toHaveURL(/\/admin\/blog$/);
    await editor.page.goto('/admin/inquiries');
    await expect(editor.page.getByRole('heading', { name: 'Not available for your role' })).toBeVisible();
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);

    // The link worked once.
    const again = await freshPage(browser, baseURL!);
    try {
      await again.page.goto(invitationPath);
      await expect(again.page.getByRole('alert')).toContainText('This invitation link is not valid');
    } finally {
      await again.context.close();
    }

    // The team shows the editor as active now.
    await page.reload();
    await expect(row).toContainText('Active');
    await expect(row).not.toContainText('Never');
  } finally {
    await editor.context.close();
    await deleteUsers(request, baseURL!, [email]);
  }
});

test('an administrator changes a role, disables and enables, resets a password and deletes a user', async ({
  page,
  request,
  baseURL,
}) => {
  const { email, name } = uniqueUser('Staff');

  try {
    await page.goto('/admin/team');
    const dialog = await fillAddUser(page, { email, name, role: /^Agent/ });
    await dialog.getByRole('button', { name: 'Add user' }).click();
    const added = page.getByRole('dialog', { name: 'User added' });
    await added.getByRole('button', { name: 'Done' }).click();

    const row = userRow(page, name);
    await row.getByRole('button', { name: `Manage ${name}` }).click();
    const user = page.getByRole('dialog', { name });
    await expect(user).toContainText(email);
    await expectNoSeriousAxeViolations(page, TOASTER);

    // A new role.
    await user.getByRole('radio', { name: /^Editor/ }).check();
    await user.getByRole('button', { name: 'Save role' }).click();
    await expect(toast(page, 'User updated', 'success')).toBeVisible();
    await expect(user.locator('dd').filter({ hasText: /^Editor$/ })).toBeVisible();

    // Disabled, then enabled again.
    await user.getByRole('button', { name: 'Disable' }).click();
    await expect(user.getByRole('button', { name: 'Enable' })).toBeVisible();
    await expect(user.locator('dd').filter({ hasText: /^Disabled$/ })).toBeVisible();
    await user.getByRole('button', { name: 'Enable' }).click();
    await expect(user.getByRole('button', { name: 'Disable' })).toBeVisible();
    await expect(user.locator('dd').filter({ hasText: /^Active$/ })).toBeVisible();
    await user.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(user).toBeHidden();
    await expect(row).toContainText('Editor');
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: `Manage ${name}` }).click();

    // A reset says it signs the person out, and shows a sign-in link once, never a password: the person
    // sets the next one themselves (decision 049), and is invited until they do.
    await user.getByRole('button', { name: 'Reset password' }).click();
    const reset = page.getByRole('dialog', { name: 'Reset password' });
    await expect(reset).toContainText('signed out everywhere');
    await reset.getByRole('button', { name: 'Reset password' }).click();
    const renewed = page.getByRole('dialog', { name: 'Sign-in link' });
    await expect(shownSecret(renewed)).toHaveText(/\/admin\/invitation#\S{20,}$/);
    await renewed.getByRole('button', { name: 'Done' }).click();
    await expect(user.locator('dd').filter({ hasText: /^Invited$/ })).toBeVisible();
    await expect(user.getByRole('button', { name: 'New invitation link' })).toBeVisible();

    // Deleted after a confirmation; the list no longer has them.
    await user.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete ${name}` });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(user).toBeHidden();
    await expect(row).toHaveCount(0);

    // Nobody disables or deletes their own account (the server refuses it too).
    const adminRow = page
      .getByRole('row')
      .or(page.getByRole('listitem'))
      .filter({ hasText: E2E_ADMIN.email })
      .filter({ hasText: '(you)' });
    await adminRow.getByRole('button', { name: /^Manage / }).click();
    const me = page.getByRole('dialog', { name: /\(you\)$/ });
    await expect(me).toContainText('You cannot disable or delete your own account');
    await expect(me.getByRole('button', { name: 'Disable' })).toHaveCount(0);
    await expect(me.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    // One's own password is changed in My Profile, with the current one.
    await expect(me.getByRole('button', { name: 'Reset password' })).toHaveCount(0);
  } finally {
    await deleteUsers(request, baseURL!, [email]);
  }
});
