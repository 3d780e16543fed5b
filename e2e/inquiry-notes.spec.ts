import { expect, type Locator, type Page } from '@playwright/test';
import {
  createTeamMember,
  deleteInquiry,
  expectNoSeriousAxeViolations,
  inquiryFor,
  sendInquiry,
  signedInAsAdmin,
  signedOut,
  signInAs,
  TOASTER,
  test,
  toast,
  uniqueTag,
} from './support.ts';

test.use(signedInAsAdmin);

/** The row of the inquiry from this person. */
function inquiryRow(page: Page, name: string): Locator {
  return page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Open inquiry from ${name}`, exact: true }) });
}

function notesOf(dialog: Locator): Locator {
  return dialog.getByRole('region', { name: 'Notes' });
}

function historyOf(dialog: Locator): Locator {
  return dialog.getByRole('region', { name: 'History' });
}

test('an agent adds a note and takes an inquiry; the administrator sees the note, the assignment and the history', async ({
  page,
  browser,
  request,
  adminRequest,
  baseURL,
}) => {
  const tag = uniqueTag();
  const agent = {
    email: `agent-${tag}@example.com`,
    password: `agent password ${tag}`,
    name: `Agent ${tag}`,
    role: 'agent' as const,
  };
  await createTeamMember(baseURL!, agent);
  const inquiry = inquiryFor(tag, { name: `Meera ${tag}` });
  const id = await sendInquiry(request, baseURL!, inquiry);
  const agentContext = await browser.newContext({ baseURL, storageState: signedOut });

  try {
    // The agent, in a browser of their own.
    await signInAs(agentContext, baseURL!, agent);
    const agentPage = await agentContext.newPage();
    await agentPage.goto(`/admin/inquiries?q=${tag}`);
    await inquiryRow(agentPage, inquiry.name)
      .getByRole('button', { name: `Open inquiry from ${inquiry.name}` })
      .click();
    const agentDialog = agentPage.getByRole('dialog', { name: `Inquiry from ${inquiry.name}` });
    await expect(agentDialog).toBeVisible();
    await expect(agentDialog.getByLabel('Assigned to')).toHaveValue('');
    await expect(notesOf(agentDialog).getByText('No notes yet.')).toBeVisible();

    // A note, several lines long.
    const noteText = `Called ${tag} back.\nWill send the offer tomorrow.`;
    await agentDialog.getByLabel('Add a note').fill(noteText);
    await agentDialog.getByRole('button', { name: 'Add note' }).click();
    await expect(toast(agentPage, 'Note added', 'success')).toBeVisible();
    const agentNote = notesOf(agentDialog).getByRole('article', { name: `Note by ${agent.name}` });
    await expect(agentNote).toContainText(`Called ${tag} back.`);
    await expect(agentNote).toContainText('Will send the offer tomorrow.');
    await expect(agentDialog.getByLabel('Add a note')).toHaveValue('');

    // An empty note is refused at once, under its field.
    await agentDialog.getByRole('button', { name: 'Add note' }).click();
    await expect(agentDialog.getByText('Note is required')).toBeVisible();

    // Their own note can be edited: it then says so.
    await agentNote.getByRole('button', { name: 'Edit note' }).click();
    await agentNote.getByLabel('Edit note').fill(`${noteText}\nOffer sent.`);
    await agentNote.getByRole('button', { name: 'Save note' }).click();
    await expect(toast(agentPage, 'Note updated', 'success')).toBeVisible();
    await expect(agentNote).toContainText('Offer sent.');
    await expect(agentNote).toContainText('(edited');
    await expect(agentNote.getByRole('button', { name: 'Edit note' })).toBeFocused();

    // Taking the inquiry.
    await agentDialog.getByRole('button', { name: 'Assign to me' }).click();
    await expect(toast(agentPage, 'Inquiry assigned', 'success')).toBeVisible();
    await expect(agentDialog.getByLabel('Assigned to').locator('option:checked')).toHaveText(
      `${agent.name} (you)`,
    );
    await expect(agentDialog.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);

    // Opening a reply link is kept in the history.
    await agentDialog.getByRole('link', { name: 'Email' }).click();
    const agentHistory = historyOf(agentDialog);
    await expect(agentHistory).toContainText(`${agent.name} opened the email reply link`);
    await expect(agentHistory).toContainText(`${agent.name} assigned it to ${agent.name}`);
    await expect(agentHistory).toContainText(`${agent.name} edited a note`);
    await expect(agentHistory).toContainText(`${agent.name} added a note`);
    await expectNoSeriousAxeViolations(agentPage, TOASTER);
    await agentDialog.getByRole('button', { name: 'Close', exact: true }).click();

    // "Assigned to me" lists it for the agent; the row names them.
    await agentPage.getByLabel('Filter by assignment').selectOption('me');
    await expect(agentPage).toHaveURL(/[?&]assigned=me/);
    await expect(inquiryRow(agentPage, inquiry.name)).toContainText(agent.name);

    // The administrator sees it all, and may not edit the agent's note.
    await page.goto(`/admin/inquiries?q=${tag}&assigned=none`);
    await expect(page.getByText('No inquiries found')).toBeVisible();
    await page.getByLabel('Filter by assignment').selectOption('');
    const row = inquiryRow(page, inquiry.name);
    await expect(row).toContainText(agent.name);
    await row.getByRole('button', { name: `Open inquiry from ${inquiry.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Inquiry from ${inquiry.name}` });
    await expect(dialog.getByLabel('Assigned to').locator('option:checked')).toHaveText(agent.name);
    const note = notesOf(dialog).getByRole('article', { name: `Note by ${agent.name}` });
    await expect(note).toContainText('Offer sent.');
    await expect(note).toContainText('(edited');
    await expect(note.getByRole('button', { name: 'Edit note' })).toHaveCount(0);
    await expect(note.getByRole('button', { name: 'Delete note' })).toHaveCount(0);
    const history = historyOf(dialog).getByRole('listitem');
    await expect(history).toHaveText([
      new RegExp(`^${agent.name} opened the email reply link`),
      new RegExp(`^${agent.name} assigned it to ${agent.name}`),
      new RegExp(`^${agent.name} edited a note`),
      new RegExp(`^${agent.name} added a note`),
    ]);
    // Each entry says when, in the business's time zone.
    await expect(history.first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);

    // The administrator's own note, and its delete after a confirmation.
    await dialog.getByLabel('Add a note').fill('Checked by the owner');
    await dialog.getByRole('button', { name: 'Add note' }).click();
    const own = notesOf(dialog)
      .getByRole('article', { name: /^Note by / })
      .filter({ hasText: 'Checked by the owner' });
    await own.getByRole('button', { name: 'Delete note' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete note' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Note deleted', 'success')).toBeVisible();
    await expect(own).toHaveCount(0);
    await expect(historyOf(dialog).getByRole('listitem').first()).toContainText('deleted a note');

    // Unassigning puts it back among the unassigned.
    await dialog.getByRole('button', { name: 'Unassign' }).click();
    await expect(toast(page, 'Inquiry unassigned', 'success')).toBeVisible();
    await expect(historyOf(dialog).getByRole('listitem').first()).toContainText(`unassigned ${agent.name}`);
  } finally {
    await agentContext.close();
    await deleteInquiry(adminRequest, baseURL!, id);
  }
});
