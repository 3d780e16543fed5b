import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { cameraPhoto } from '../src/server/test-support/camera-photo.ts';
import { BLOG_MESSAGES } from '../src/shared/rules/blog.ts';
import { UPLOAD_MESSAGES } from '../src/shared/rules/uploads.ts';
import {
  expectNoSeriousAxeViolations,
  signedInAsAdmin,
  signedOut,
  TOASTER,
  toast,
  uniqueTag,
} from './support.ts';

test.use(signedInAsAdmin);

async function chooseFile(
  page: Page,
  button: Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(file);
}

/** The sum of the layout shifts the page has had so far. */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
      }),
  );
}

async function cleanUp(request: APIRequestContext, baseURL: string, slug: string, uploadIds: string[]) {
  const headers = { origin: baseURL };
  const response = await request.get('/api/blogs/admin/all?page=1&pageSize=50');
  const { data } = (await response.json()) as { data: { _id: string; slug: string }[] };
  for (const post of data.filter((entry) => entry.slug === slug)) {
    await request.delete(`/api/blogs/${post._id}`, { headers });
  }
  for (const id of uploadIds) await request.delete(`/api/uploads/${id}`, { headers });
}

test('an editor uploads a camera photo as the feature image and into the text; the post shows it in sizes, without its GPS', async ({
  page,
  request,
  baseURL,
}) => {
  const tag = uniqueTag();
  const title = `Harbour at dawn ${tag}`;
  const slug = `harbour-at-dawn-${tag}`;
  const uploadIds: string[] = [];
  try {
    await page.goto('/admin/blog');
    await page.getByRole('button', { name: 'New Blog Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Blog Post' });
    await dialog.getByLabel('Title', { exact: true }).fill(title);
    await dialog.getByLabel('Description', { exact: true }).fill('Boats coming in at first light.');
    const content = dialog.getByLabel('Content', { exact: true });
    await content.fill('The harbour wakes early.\n\n');

    // A file that calls itself a JPEG but is a web page: refused in the server's words, nothing typed lost.
    await chooseFile(page, dialog.getByRole('button', { name: 'Upload image' }), {
      name: 'photo.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
    });
    await expect(
      dialog.getByRole('alert').filter({ hasText: UPLOAD_MESSAGES.unsupportedType }),
    ).toBeVisible();
    await expect(content).toHaveValue('The harbour wakes early.\n\n');
    await expect(dialog.getByLabel('Image URL', { exact: true })).toHaveValue('');

    // The feature image: uploaded with the button, its address fills the field, its description is asked next.
    const photo = await cameraPhoto();
    await chooseFile(page, dialog.getByRole('button', { name: 'Upload image' }), {
      name: 'harbour-at-dawn.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    const imageUrl = dialog.getByLabel('Image URL', { exact: true });
    await expect(imageUrl).toHaveValue(/^\/uploads\/[0-9a-f-]{36}\/1600\.jpg$/);
    const alt = dialog.getByLabel('Image description (alt text)', { exact: true });
    await expect(alt).toBeFocused();
    await alt.fill('Fishing boats in the harbour at dawn');
    const featureUrl = await imageUrl.inputValue();
    uploadIds.push(featureUrl.split('/')[2]!);

    // Into the Markdown: the description first, then the image goes where the cursor was.
    await chooseFile(page, dialog.getByRole('button', { name: 'Insert image' }), {
      name: 'nets.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c84' } })
        .png()
        .toBuffer(),
    });
    const describe = page.getByRole('dialog', { name: 'Describe the image' });
    await expect(describe.getByLabel('Image description (alt text)')).toHaveValue('nets');
    await describe.getByLabel('Image description (alt text)').fill('Nets drying on the quay');
    await expectNoSeriousAxeViolations(page, TOASTER);
    await describe.getByRole('button', { name: 'Upload and insert' }).click();
    await expect(content).toHaveValue(
      /^The harbour wakes early\.\n\n!\[Nets drying on the quay\]\(\/uploads\/[0-9a-f-]{36}\/1200\.png\)$/,
    );
    uploadIds.push((await content.inputValue()).match(/\/uploads\/([0-9a-f-]{36})\//)![1]!);

    await dialog.getByRole('radio', { name: 'Publish now', exact: true }).check();
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await expect(toast(page, BLOG_MESSAGES.created, 'success')).toBeVisible();

    // The public post: every size offered, the size given so nothing moves as it loads, the picture shown.
    await page.goto(`/blog/${slug}`);
    const feature = page.locator('article picture img').first();
    await expect(feature).toHaveAttribute('alt', 'Fishing boats in the harbour at dawn');
    await expect(feature).toHaveAttribute('width', '1600');
    await expect(feature).toHaveAttribute('height', '1200');
    const webp = page.locator('article picture source[type="image/webp"]').first();
    await expect(webp).toHaveAttribute('srcset', /400\.webp 400w, .*800\.webp 800w, .*1600\.webp 1600w/);
    await expect(webp).toHaveAttribute('sizes', /46rem/);
    await expect
      .poll(() => feature.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    const inText = page.getByRole('img', { name: 'Nets drying on the quay' });
    await expect(inText).toHaveAttribute('srcset', /400\.webp 400w, .*800\.webp 800w, .*1200\.webp 1200w/);
    await expect(inText).toHaveAttribute('width', '1200');
    await expect(inText).toHaveAttribute('height', '800');
    await inText.scrollIntoViewIfNeeded();
    await expect
      .poll(() => inText.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    expect(await layoutShift(page)).toBeLessThan(0.01);

    // What the browser fetched has no EXIF: neither the camera nor the place.
    const chosen = await feature.evaluate((image: HTMLImageElement) => image.currentSrc);
    expect(chosen).toMatch(/\.webp$/);
    for (const url of [chosen, featureUrl]) {
      const served = await request.get(url);
      expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(await served.body()).metadata()).exif).toBeUndefined();
    }
  } finally {
    await cleanUp(request, baseURL!, slug, uploadIds);
  }
});

test('a file over 10 MB is refused before it is sent', async ({ page, request, baseURL }) => {
  await page.goto('/admin/blog');
  await page.getByRole('button', { name: 'New Blog Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Blog Post' });
  await chooseFile(page, dialog.getByRole('button', { name: 'Upload image' }), {
    name: 'huge.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(11 * 1024 * 1024, 0xff),
  });
  await expect(dialog.getByRole('alert').filter({ hasText: UPLOAD_MESSAGES.tooLarge })).toBeVisible();
  // The server answers the same to a client that sends it anyway.
  const response = await request.post('/api/uploads', {
    headers: { origin: baseURL! },
    multipart: {
      file: { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(11 * 1024 * 1024, 0xff) },
    },
  });
  expect(response.status()).toBe(413);
  expect((await response.json()).message).toBe(UPLOAD_MESSAGES.tooLarge);
});

/** Pastes (or drops) a small PNG made in the page onto `target`, as a screenshot pasted from the clipboard would. */
async function pasteImage(target: Locator, kind: 'paste' | 'drop', name: string) {
  await target.evaluate(
    async (element, { kind, name }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 640;
      canvas.height = 480;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#0a7';
      context.fillRect(0, 0, 640, 480);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), 'image/png'));
      const data = new DataTransfer();
      data.items.add(new File([blob], name, { type: 'image/png' }));
      const event =
        kind === 'paste'
          ? new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
          : new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true });
      element.dispatchEvent(event);
    },
    { kind, name },
  );
}

test('an image pasted into the text or dropped on the image field is uploaded; typed text stays', async ({
  page,
  request,
  baseURL,
}) => {
  const uploadIds: string[] = [];
  try {
    await page.goto('/admin/blog');
    await page.getByRole('button', { name: 'New Blog Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Blog Post' });
    const content = dialog.getByLabel('Content', { exact: true });
    await content.fill('First line.\nSecond line.');
    // The cursor after "First line."
    await content.evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(11, 11));
    await pasteImage(content, 'paste', 'screenshot.png');
    const describe = page.getByRole('dialog', { name: 'Describe the image' });
    await describe.getByLabel('Image description (alt text)').fill('A green square');
    await describe.getByRole('button', { name: 'Upload and insert' }).click();
    // The image goes in as a paragraph of its own, whatever the text around it (a list, a sentence).
    await expect(content).toHaveValue(
      /^First line\.\n\n!\[A green square\]\(\/uploads\/[0-9a-f-]{36}\/640\.png\)\n\nSecond line\.$/,
    );
    uploadIds.push((await content.inputValue()).match(/\/uploads\/([0-9a-f-]{36})\//)![1]!);

    const imageUrl = dialog.getByLabel('Image URL', { exact: true });
    await pasteImage(imageUrl, 'drop', 'dropped.png');
    await expect(imageUrl).toHaveValue(/^\/uploads\/[0-9a-f-]{36}\/640\.png$/);
    uploadIds.push((await imageUrl.inputValue()).split('/')[2]!);
    await expect(dialog.getByLabel('Image description (alt text)', { exact: true })).toBeFocused();
  } finally {
    for (const id of uploadIds) await request.delete(`/api/uploads/${id}`, { headers: { origin: baseURL! } });
  }
});

/** The image has arrived and is drawn (not a broken image). */
async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
    .toBeGreaterThan(0);
}

// The favicon, the share cards and the header of every page follow the logo: no other test may run meanwhile.
test('an administrator uploads the brand logo; the headers and the favicon follow, and go back when it is removed', {
  tag: '@exclusive',
}, async ({ page, request, baseURL }) => {
  let logoId = '';
  try {
    await page.goto('/admin/settings');
    const form = page.getByRole('form', { name: 'Site settings' });
    const brandName = await form.getByLabel('Brand name').inputValue();
    await chooseFile(page, form.getByRole('button', { name: 'Upload logo' }), {
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 256, height: 256, channels: 4, background: '#e11d48' } })
        .png()
        .toBuffer(),
    });
    const preview = form.getByRole('img', { name: `${brandName} logo` });
    await expect(preview).toHaveAttribute('src', /^\/uploads\/[0-9a-f-]{36}\/256\.png$/);
    logoId = (await preview.getAttribute('src'))!.split('/')[2]!;
    await expectNoSeriousAxeViolations(page, TOASTER);
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await expect
      .poll(async () => (await request.get('/favicon.svg')).text())
      .toContain('data:image/png;base64,');

    // The back office shows it where it names the brand: the sidebar, or the top bar while that is closed.
    const smallest = `/uploads/${logoId}/256.webp`;
    const sidebarLogo = page.getByRole('complementary', { name: 'Admin menu' }).getByRole('img', {
      name: brandName,
      exact: true,
    });
    await expect(sidebarLogo).toHaveAttribute('src', smallest);
    await expectLoaded(sidebarLogo);
    await page.setViewportSize({ width: 390, height: 844 });
    const topBarLogo = page.locator('header').getByRole('img', { name: brandName, exact: true });
    await expectLoaded(topBarLogo);
    await page.setViewportSize({ width: 1280, height: 800 });

    // So does every public page's header, in both languages, on a phone and a desktop, in its smallest size.
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const visitor = await page.context().browser()!.newPage({ baseURL, storageState: signedOut, viewport });
      for (const path of ['/', '/hi/blog']) {
        await visitor.goto(path);
        const banner = visitor.getByRole('banner');
        const logo = banner.getByRole('img', { name: brandName, exact: true });
        await expect(logo).toHaveAttribute('src', smallest);
        await expectLoaded(logo);
        expect(await logo.boundingBox()).toMatchObject({ width: 32, height: 32 });
        await expect(
          banner.getByRole('link', { name: path === '/' ? `${brandName} home` : `${brandName} का होम पेज` }),
        ).toBeVisible();
      }
      await visitor.close();
    }

    await form.getByRole('button', { name: 'Remove logo' }).click();
    await expect(form.getByText('No logo')).toBeVisible();
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved').first()).toBeVisible();
    await expect.poll(async () => (await request.get('/favicon.svg')).text()).not.toContain('data:image/png');
  } finally {
    if (logoId) {
      const settings = (await (await request.get('/api/settings')).json()).settings;
      if (settings.logo.includes(logoId)) {
        await request.put('/api/admin/settings', {
          headers: { origin: baseURL! },
          data: { ...settings, logo: '' },
        });
      }
      await request.delete(`/api/uploads/${logoId}`, { headers: { origin: baseURL! } });
    }
  }
});
