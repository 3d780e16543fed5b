import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { BLOG_MESSAGES } from '../src/shared/rules/blog.ts';
import { expectNoSeriousAxeViolations, signedInAsAdmin, TOASTER, toast, uniqueTag } from './support.ts';

test.use(signedInAsAdmin);

const REQUIRED_MESSAGES = {
  Title: 'Title is required',
  Description: 'Description is required',
  Content: 'Content is required',
  Slug: 'Slug is required',
} as const;

/** The card of the post with this title in the list. */
function postItem(page: Page, title: string): Locator {
  return page
    .getByRole('list', { name: /^All Posts/ })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

function field(dialog: Locator, label: string): Locator {
  return dialog.getByLabel(label, { exact: true });
}

/** The message shown under a field: the text its aria-describedby points at. */
async function expectFieldError(dialog: Locator, label: string, message: string) {
  const input = field(dialog, label);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(dialog.getByText(message, { exact: true })).toBeVisible();
}

/** Whether leaving the page now would make the browser ask first. */
function beforeUnloadBlocked(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
}

/** Deletes, through the API, every post this run created (they all carry its tag). */
async function deletePostsTagged(request: APIRequestContext, baseURL: string, tag: string) {
  const response = await request.get('/api/blogs/admin/all?page=1&pageSize=50');
  const { data } = (await response.json()) as { data: { _id: string; title: string; slug: string }[] };
  for (const post of data.filter((entry) => entry.title.includes(tag) || entry.slug.includes(tag))) {
    await request.delete(`/api/blogs/${post._id}`, { headers: { origin: baseURL } });
  }
}

test.describe('Blog Management', () => {
  let tag = '';
  test.beforeEach(() => {
    tag = uniqueTag();
  });
  test.afterEach(async ({ request, baseURL }) => {
    await deletePostsTagged(request, baseURL!, tag);
  });

  // The new draft must come first in the list of every post: no other test may add one meanwhile.
  test('an admin writes a draft, previews it, publishes it and deletes it, on a phone', {
    tag: '@exclusive',
  }, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const title = `Hello World, IPL 2026! ${tag}`;
    const slug = `hello-world-ipl-2026-${tag}`;
    await page.goto('/admin/blog');
    await expect(page.getByRole('heading', { name: 'Blog Management', level: 1 })).toBeVisible();
    await expect(page.getByText('Create, edit, and manage blog posts')).toBeVisible();
    await expect(
      page.getByRole('list', { name: /^All Posts/ }).or(page.getByText(/No blog posts yet/)),
    ).toBeVisible();

    await page.getByRole('button', { name: 'New Blog Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Blog Post' });
    await expect(dialog).toBeVisible();
    await expect(field(dialog, 'Category')).toHaveValue('Other');
    await expect(dialog.getByRole('radio', { name: 'Draft', exact: true })).toBeChecked();

    // Submitting the empty form shows every required message under its field (the category keeps Other).
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    for (const [label, message] of Object.entries(REQUIRED_MESSAGES)) {
      await expectFieldError(dialog, label, message);
    }
    await expect(dialog.getByText('Category is required')).toHaveCount(0);
    await expect(field(dialog, 'Title')).toBeFocused();

    // The slug follows the title as it is typed; both messages clear.
    await field(dialog, 'Title').pressSequentially('Hello World, IPL 2026!');
    await expect(field(dialog, 'Slug')).toHaveValue('hello-world-ipl-2026');
    await expect(dialog.getByText(REQUIRED_MESSAGES.Title)).toHaveCount(0);
    await expect(dialog.getByText(REQUIRED_MESSAGES.Slug)).toHaveCount(0);
    await field(dialog, 'Title').fill(title);
    await expect(field(dialog, 'Slug')).toHaveValue(slug);
    // Whitespace alone is still empty; a real value clears the message.
    await field(dialog, 'Description').fill('   ');
    await expect(dialog.getByText(REQUIRED_MESSAGES.Description)).toBeVisible();
    await field(dialog, 'Description').fill('Match day thoughts from the stands.');
    await expect(dialog.getByText(REQUIRED_MESSAGES.Description)).toHaveCount(0);
    await field(dialog, 'Content').fill('## Match report\n\n- First innings\n- Second innings\n');
    await expect(dialog.getByText(REQUIRED_MESSAGES.Content)).toHaveCount(0);
    await field(dialog, 'Category').selectOption('Sports');

    // The Preview tab shows the Markdown as the server renders it.
    await dialog.getByRole('tab', { name: 'Preview' }).click();
    const preview = dialog.getByRole('tabpanel', { name: 'Preview' });
    await expect(preview.getByRole('heading', { name: 'Match report', level: 2 })).toBeVisible();
    await expect(preview.getByRole('listitem')).toHaveText(['First innings', 'Second innings']);
    await dialog.getByRole('tab', { name: 'Write' }).click();
    await expect(field(dialog, 'Content')).toHaveValue(/## Match report/);
    await expectNoSeriousAxeViolations(page, TOASTER);

    // Created as a draft, at the top of the list.
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await expect(toast(page, BLOG_MESSAGES.created, 'success')).toBeVisible();
    await expect(dialog).toBeHidden();
    const item = postItem(page, title);
    await expect(
      page
        .getByRole('list', { name: /^All Posts/ })
        .getByRole('listitem')
        .first(),
    ).toContainText(title);
    await expect(item).toContainText('Draft');
    await expect(item).toContainText('Sports');
    await expect(item).toContainText('0 views');
    await expect(item).toContainText(`/blog/${slug}`);
    await expect(item).toContainText('Match day thoughts from the stands.');
    await expectNoSeriousAxeViolations(page, TOASTER);

    // Edit: the slug stays when the title changes; publishing shows the Published badge.
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Blog Post' });
    await expect(field(editDialog, 'Title')).toHaveValue(title);
    await expect(field(editDialog, 'Content')).toHaveValue(/## Match report/);
    await expect(field(editDialog, 'Category')).toHaveValue('Sports');
    const newTitle = `${title} (final)`;
    await field(editDialog, 'Title').fill(newTitle);
    await expect(field(editDialog, 'Slug')).toHaveValue(slug);
    await editDialog.getByRole('radio', { name: 'Publish now', exact: true }).check();
    await editDialog.getByRole('button', { name: 'Update Post' }).click();
    await expect(toast(page, BLOG_MESSAGES.updated, 'success')).toBeVisible();
    await expect(editDialog).toBeHidden();
    const published = postItem(page, newTitle);
    await expect(published).toContainText('Published');
    await expect(published).not.toContainText('Draft');

    // Delete, after the confirmation question.
    await page.getByRole('button', { name: `Delete ${newTitle}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(BLOG_MESSAGES.deleteConfirm);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, BLOG_MESSAGES.deleted, 'success')).toBeVisible();
    await expect(published).toHaveCount(0);
  });

  test('content nested too deeply to render is refused in the preview and under Content', async ({
    page,
  }) => {
    const tooDeep =
      'Content is nested too deeply: use at most 100 levels of quotes, lists or emphasis inside one another';
    await page.goto('/admin/blog');
    await page.getByRole('button', { name: 'New Blog Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Blog Post' });
    await field(dialog, 'Title').fill(`Deep ${tag}`);
    await field(dialog, 'Description').fill('Quotes in quotes.');
    await field(dialog, 'Content').fill(`${'>'.repeat(2000)} deep`);

    await dialog.getByRole('tab', { name: 'Preview' }).click();
    await expect(dialog.getByRole('tabpanel', { name: 'Preview' }).getByRole('alert')).toHaveText(tooDeep);

    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await expectFieldError(dialog, 'Content', tooDeep);
    await expect(field(dialog, 'Content')).toBeVisible();
    await expect(postItem(page, `Deep ${tag}`)).toHaveCount(0);
  });

  test('a taken slug is refused under the Slug field, and unsaved changes are not lost by accident', async ({
    page,
    request,
    baseURL,
  }) => {
    const slug = `taken-${tag}`;
    const created = await request.post('/api/blogs', {
      headers: { origin: baseURL! },
      data: {
        title: `First ${tag}`,
        description: 'Already here.',
        content: 'Text.',
        slug,
        category: 'News',
        image: '',
        isPublished: false,
      },
    });
    expect(created.status()).toBe(201);

    await page.goto('/admin/blog');

    // Closing an untouched form asks nothing.
    await page.getByRole('button', { name: 'New Blog Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Blog Post' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    await page.getByRole('button', { name: 'New Blog Post' }).click();
    await field(dialog, 'Title').fill(`Second ${tag}`);
    await field(dialog, 'Description').fill('Wants the same address.');
    await field(dialog, 'Content').fill('More text.');
    await field(dialog, 'Slug').fill(slug);
    // A slug typed by hand stops following the title.
    await field(dialog, 'Title').fill(`Second post ${tag}`);
    await expect(field(dialog, 'Slug')).toHaveValue(slug);
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await expectFieldError(dialog, 'Slug', BLOG_MESSAGES.duplicateSlug);
    await expect(
      toast(page, BLOG_MESSAGES.duplicateSlug, 'error')
        .or(toast(page, BLOG_MESSAGES.saveFailed, 'error'))
        .first(),
    ).toBeVisible();
    // Editing the slug clears the server's message.
    await field(dialog, 'Slug').fill(`${slug}-2`);
    await expect(dialog.getByText(BLOG_MESSAGES.duplicateSlug)).toHaveCount(0);

    // Leaving the page asks too, while the form has unsaved changes.
    expect(await beforeUnloadBlocked(page)).toBe(true);

    // Escape, the X and Cancel ask before throwing the changes away.
    const discard = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await page.keyboard.press('Escape');
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await expect(discard).toBeHidden();
    await expect(field(dialog, 'Title')).toHaveValue(`Second post ${tag}`);
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'Discard' }).click();
    await expect(discard).toBeHidden();
    await expect(dialog).toBeHidden();
    await expect(postItem(page, `Second post ${tag}`)).toHaveCount(0);
    expect(await beforeUnloadBlocked(page)).toBe(false);

    // A new form starts empty again.
    await page.getByRole('button', { name: 'New Blog Post' }).click();
    await expect(field(dialog, 'Title')).toHaveValue('');
    await expect(field(dialog, 'Slug')).toHaveValue('');
  });
});
