import { expect, test } from '@playwright/test';
import { signedInAsAdmin, uniqueTag } from './support.ts';

test.use(signedInAsAdmin);

test.describe('Blog posts by language', () => {
  let tag = '';
  const created: string[] = [];
  test.beforeEach(() => {
    tag = uniqueTag();
  });
  test.afterEach(async ({ request, baseURL }) => {
    // The Hindi post first: deleting either clears the other's link anyway.
    for (const id of created.splice(0).reverse()) {
      await request.delete(`/api/blogs/${id}`, { headers: { origin: baseURL! } });
    }
  });

  test('an admin links a Hindi post to its English original, and the language switch leads between them', async ({
    page,
    request,
    baseURL,
  }) => {
    const englishSlug = `match-day-${tag}`;
    const hindiSlug = `match-day-hi-${tag}`;
    const english = await request.post('/api/blogs', {
      headers: { origin: baseURL! },
      data: {
        title: `Match day ${tag}`,
        description: 'From the stands.',
        content: 'A close game.',
        slug: englishSlug,
        isPublished: true,
      },
    });
    expect(english.status()).toBe(201);
    created.push((await english.json()).data._id);

    await page.goto('/admin/blog');
    await page.getByRole('button', { name: 'New Blog Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Blog Post' });
    await dialog.getByLabel('Title', { exact: true }).fill(`मैच का दिन ${tag}`);
    await dialog.getByLabel('Description', { exact: true }).fill('स्टैंड से आँखों देखा हाल।');
    await dialog.getByLabel('Content', { exact: true }).fill('एक कांटे का मुक़ाबला।');
    await dialog.getByLabel('Slug', { exact: true }).fill(hindiSlug);
    await dialog.getByLabel('Language', { exact: true }).selectOption({ label: 'Hindi (हिन्दी)' });
    await expect(dialog.getByText(`The post’s address: /hi/blog/<slug>.`)).toBeVisible();
    await dialog.getByLabel('Translation of', { exact: true }).selectOption({ label: `Match day ${tag}` });
    await dialog.getByRole('radio', { name: 'Publish now', exact: true }).check();
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/blogs') && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    const response = await saved;
    expect(response.status()).toBe(201);
    created.push((await response.json()).data._id);
    await expect(dialog).toBeHidden();

    await page.goto('/hi/blog');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await page.getByRole('link', { name: `मैच का दिन ${tag}` }).click();
    await expect(page).toHaveURL(`/hi/blog/${hindiSlug}`);
    await expect(page.getByRole('heading', { level: 1, name: `मैच का दिन ${tag}` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'ब्लॉग पर वापस जाएँ' })).toBeVisible();

    // The switch leads to the translation, not to a Hindi address the English post does not have.
    await page.getByRole('link', { name: 'Read this page in English' }).first().click();
    await expect(page).toHaveURL(`/blog/${englishSlug}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: `Match day ${tag}` })).toBeVisible();
    await page.getByRole('link', { name: 'यह पेज हिन्दी में पढ़ें' }).first().click();
    await expect(page).toHaveURL(`/hi/blog/${hindiSlug}`);
  });
});
