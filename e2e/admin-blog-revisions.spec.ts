import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  createTeamMember,
  expectNoSeriousAxeViolations,
  signedInAsAdmin,
  signedOut,
  signInAs,
  toast,
  uniqueTag,
} from './support.ts';

test.use(signedInAsAdmin);

function field(dialog: Locator, label: string): Locator {
  return dialog.getByLabel(label, { exact: true });
}

async function openEditor(page: Page, title: string): Promise<Locator> {
  await page.getByRole('button', { name: `Edit ${title}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Blog Post' });
  await expect(field(dialog, 'Content')).toBeVisible();
  return dialog;
}

test.describe('Revisions and autosaved drafts of blog posts', () => {
  let tag = '';
  let postId: string | null = null;
  test.beforeEach(() => {
    tag = uniqueTag();
    postId = null;
  });
  test.afterEach(async ({ request, baseURL }) => {
    if (postId) await request.delete(`/api/blogs/${postId}`, { headers: { origin: baseURL! } });
  });

  test('an editor compares an earlier revision with the text and restores it, on the public post too', async ({
    page,
    request,
    baseURL,
  }) => {
    const title = `Monsoon menu ${tag}`;
    const slug = `monsoon-menu-${tag}`;
    const created = await request.post('/api/blogs', {
      headers: { origin: baseURL! },
      data: {
        title,
        slug,
        description: 'What we cook when it rains',
        content: 'Pakoras and chai on every table.',
        isPublished: true,
      },
    });
    expect(created.status()).toBe(201);
    postId = (await created.json()).data._id;

    await page.goto('/admin/blog');
    for (const content of ['Pakoras, samosas and chai on every table.', 'Only soup this year.']) {
      const dialog = await openEditor(page, title);
      await field(dialog, 'Content').fill(content);
      await dialog.getByRole('button', { name: 'Update Post' }).click();
      // The editor closes only once the save is taken.
      await expect(dialog).toBeHidden();
    }

    const editor = await openEditor(page, title);
    await editor.getByRole('button', { name: 'Revisions' }).click();
    const revisions = page.getByRole('dialog', { name: 'Revisions' });
    const versions = revisions.getByRole('navigation', { name: 'Saved versions' }).getByRole('button');
    await expect(versions).toHaveCount(3);
    await expect(versions.first()).toContainText('Version 3 (saved now)');
    await versions.filter({ hasText: 'Version 1' }).click();
    await expect(revisions.getByRole('heading', { name: /^Version 1 by / })).toBeVisible();
    // What restoring would change: the editor's words struck through, the old ones underlined.
    await expect(revisions.locator('del')).toHaveText(['Only soup this year']);
    await expect(revisions.locator('ins')).toHaveText(['Pakoras and chai on every table']);
    await expectNoSeriousAxeViolations(page);

    await revisions.getByRole('button', { name: 'Restore this version' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Restore version 1?' });
    await confirm.getByRole('button', { name: 'Restore' }).click();
    await expect(toast(page, 'Revision restored', 'success')).toBeVisible();
    await expect(revisions).toBeHidden();
    await expect(field(editor, 'Content')).toHaveValue('Pakoras and chai on every table.');

    await editor.getByRole('button', { name: 'Revisions' }).click();
    await expect(versions).toHaveCount(4);
    await expect(versions.first()).toContainText('Version 4 (saved now)');
    await page.keyboard.press('Escape');

    await page.goto(`/blog/${slug}`);
    await expect(page.getByText('Pakoras and chai on every table.')).toBeVisible();
    await expect(page.getByText('Only soup this year.')).toHaveCount(0);
  });

  test('a save over someone else’s newer save is refused with who saved, and the typed text stays', async ({
    page,
    request,
    baseURL,
  }) => {
    const title = `Diwali hours ${tag}`;
    const post = {
      title,
      slug: `diwali-hours-${tag}`,
      description: 'When we are open',
      content: 'Open every day.',
      isPublished: false,
    };
    const created = await request.post('/api/blogs', { headers: { origin: baseURL! }, data: post });
    postId = (await created.json()).data._id;

    await page.goto('/admin/blog');
    const dialog = await openEditor(page, title);
    await field(dialog, 'Content').fill('Closed on the 1st.');
    // Meanwhile a colleague saves the same post.
    const theirs = await request.put(`/api/blogs/${postId}`, {
      headers: { origin: baseURL! },
      data: { ...post, content: 'Open 10 to 6.', version: 1 },
    });
    expect(theirs.status()).toBe(200);

    await dialog.getByRole('button', { name: 'Update Post' }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      /^.+ saved this post at .+ while you were editing\. Your text is kept here/,
    );
    await expect(field(dialog, 'Content')).toHaveValue('Closed on the 1st.');
    await expect(dialog).toBeVisible();
    const stored = await request.get(`/api/blogs/admin/${postId}`);
    expect((await stored.json()).data.content).toBe('Open 10 to 6.');
  });

  test('a draft typed into a new post survives closing the tab', async ({ browser, baseURL }) => {
    // A user of its own: the draft of a new post is per user, and other tests write new posts as the admin.
    const editor = {
      email: `drafts-${tag}@example.com`,
      password: 'drafts password 123',
      name: 'Meera',
      role: 'editor' as const,
    };
    await createTeamMember(baseURL!, editor);
    const context = await browser.newContext({ storageState: signedOut });
    await signInAs(context, baseURL!, editor);
    const title = `Half-written ${tag}`;
    const content = 'The first paragraph, typed before the tab was closed.';

    const page = await context.newPage();
    await page.goto('/admin/blog');
    await page.getByRole('button', { name: 'New Blog Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Blog Post' });
    await field(dialog, 'Title').fill(title);
    await field(dialog, 'Content').fill(content);
    await expect(dialog.getByRole('status').filter({ hasText: /^Saved a draft at / })).toBeVisible();
    await page.close();

    const again = await context.newPage();
    await again.goto('/admin/blog');
    await again.getByRole('button', { name: 'New Blog Post' }).click();
    const reopened = again.getByRole('dialog', { name: 'Create New Blog Post' });
    const banner = reopened.getByRole('region', { name: 'Unsaved changes' });
    await expect(banner).toContainText(/You have unsaved changes from /);
    await banner.getByRole('button', { name: 'Restore' }).click();
    await expect(banner).toBeHidden();
    await expect(field(reopened, 'Title')).toHaveValue(title);
    await expect(field(reopened, 'Content')).toHaveValue(content);
    await expect(field(reopened, 'Slug')).toHaveValue(`half-written-${tag}`);

    // Discarding the restored text forgets the draft: the next new post starts empty.
    await reopened.getByRole('button', { name: 'Cancel' }).click();
    await again.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
    await expect(reopened).toBeHidden();
    await again.reload();
    await again.getByRole('button', { name: 'New Blog Post' }).click();
    await expect(field(again.getByRole('dialog'), 'Title')).toHaveValue('');
    await expect(again.getByRole('region', { name: 'Unsaved changes' })).toHaveCount(0);

    // Closed at once, before the next periodic save: the page's last request keeps the draft.
    const dialogNow = again.getByRole('dialog', { name: 'Create New Blog Post' });
    await field(dialogNow, 'Title').fill(`Closed at once ${tag}`);
    again.on('dialog', (question) => question.accept());
    await again.close({ runBeforeUnload: true });
    await expect
      .poll(async () => {
        const response = await context.request.get('/api/blogs/autosaves/new');
        return (await response.json()).data?.values?.title;
      })
      .toBe(`Closed at once ${tag}`);
    await context.close();
  });
});
