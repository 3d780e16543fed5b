import { expect, type Locator, type Page, test } from '@playwright/test';
import { deleteInquiry, inquiryFor, sendInquiry, signedInAsAdmin, uniqueTag } from './support.ts';

test.use(signedInAsAdmin);

/** The row (wide screen) or card (phone) of the inquiry from this person. */
function inquiryRow(page: Page, name: string): Locator {
  return page
    .getByRole('row')
    .or(page.getByRole('listitem'))
    .filter({ has: page.getByRole('button', { name: `Open inquiry from ${name}`, exact: true }) });
}

/** The characters of the element's text that start a new line on screen. */
function lineStarts(element: Locator): Promise<string[]> {
  return element.evaluate((node) => {
    const starts: string[] = [];
    let lastTop: number | null = null;
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      for (let index = 0; index < (text.textContent ?? '').length; index++) {
        const range = document.createRange();
        range.setStart(text, index);
        range.setEnd(text, index + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        if (lastTop !== null && top > lastTop + 2) starts.push(text.textContent!.slice(index));
        lastTop = top;
      }
    }
    return starts;
  });
}

/** Whether a select is wide enough to show the longest of its options' labels in whole. */
function showsWholeLabels(select: Locator): Promise<{ needed: number; width: number }> {
  return select.evaluate((element: HTMLSelectElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const longest = Math.max(...[...element.options].map((option) => context.measureText(option.text).width));
    // The drop-down arrow takes about 20 px beside the text.
    const arrow = 20;
    const needed =
      longest + Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight) + arrow;
    return { needed: Math.ceil(needed), width: element.clientWidth };
  });
}

/**
 * An address never breaks mid-word: a line starts only at its "@" or after a dot, hyphen or underscore, and
 * at desktop size only at its "@".
 */
async function expectWholeWords(element: Locator, email: string, wide: boolean) {
  for (const start of await lineStarts(element)) {
    const before = email.charAt(email.length - start.length - 1);
    if (wide) expect(start).toBe(email.slice(email.indexOf('@')));
    else expect(start.startsWith('@') || /[-._]/.test(before), start).toBe(true);
  }
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('an unread inquiry is marked by weight and a dot, never by a second status word; the dialog’s actions take one row', async ({
      page,
      request,
      baseURL,
    }) => {
      const tag = uniqueTag();
      // A long address, as business addresses often are.
      const email = `accounts.department.${tag}@sharma-traders-example.co.in`;
      const inquiry = inquiryFor(tag, { email });
      const id = await sendInquiry(request, baseURL!, inquiry);
      try {
        // Resolved by a colleague before anyone opened it: still unread.
        const resolved = await request.patch(`/api/contact-inquiries/${id}/status`, {
          data: { status: 'resolved' },
          headers: { origin: baseURL! },
        });
        expect(resolved.ok()).toBe(true);

        await page.goto(`/admin/inquiries?q=${tag}`);
        const row = inquiryRow(page, inquiry.name);
        // The first load of the inbox may be slow on a busy machine.
        await expect(row).toBeVisible({ timeout: 30_000 });
        await expect(row.locator('span', { hasText: /^Resolved$/ })).toBeVisible();
        // No "New" beside "Resolved": the status dropdown's options aside, the word is nowhere in the row.
        await expect(row.locator(':not(option)', { hasText: /^New\b/ })).toHaveCount(0);
        // Screen readers hear that it is unread; sighted users see a bold name after a dot.
        await expect(row.getByText('Unread', { exact: true })).toHaveCount(1);
        const name = row.getByRole('button', { name: `Open inquiry from ${inquiry.name}` });
        await expect(name).toHaveCSS('font-weight', '700');
        const dot = row.locator('[aria-hidden="true"].rounded-full');
        await expect(dot).toBeVisible();
        await expect(dot).toHaveCSS('background-color', /^rgb|^oklch/);

        // The address breaks nowhere at desktop size (break-all cut it mid-word before).
        const wide = viewport.width >= 1280;
        await expectWholeWords(row.getByText(email), email, wide);

        // Each filter shows its whole label, also on a phone.
        for (const label of ['Filter by status', 'Filter by assignment']) {
          const { needed, width } = await showsWholeLabels(page.getByLabel(label));
          expect(width, label).toBeGreaterThanOrEqual(needed);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );

        await name.click();
        const dialog = page.getByRole('dialog', { name: `Inquiry from ${inquiry.name}` });
        const close = dialog.getByRole('button', { name: 'Close', exact: true });
        const unread = dialog.getByRole('button', { name: 'Mark as unread' });
        const remove = dialog.getByRole('button', { name: 'Delete', exact: true });
        await expect(unread).toBeVisible();
        const boxes = await Promise.all([close, unread, remove].map((button) => button.boundingBox()));
        const [closeBox, unreadBox, deleteBox] = boxes.map((box) => box!);
        // One row: the three buttons side by side, within the screen.
        for (const box of [unreadBox!, deleteBox!]) expect(Math.abs(box.y - closeBox!.y)).toBeLessThan(2);
        expect(deleteBox!.x + deleteBox!.width).toBeLessThanOrEqual(viewport.width);
        // Delete is neither the first button nor the biggest.
        expect(closeBox!.x).toBeLessThan(unreadBox!.x);
        expect(unreadBox!.x).toBeLessThan(deleteBox!.x);
        expect(deleteBox!.width).toBeLessThan(unreadBox!.width);
        await expectWholeWords(dialog.getByText(email), email, wide);

        await close.click();
        // Read now: the name in the regular weight, no dot, no "Unread".
        await expect(name).toHaveCSS('font-weight', '400');
        await expect(row.getByText('Unread', { exact: true })).toHaveCount(0);
        await expect(dot).toHaveCount(0);
      } finally {
        await deleteInquiry(request, baseURL!, id);
      }
    });
  });
}
