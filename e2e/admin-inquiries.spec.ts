import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  deleteInquiry,
  expectNoSeriousAxeViolations,
  fillInquiryForm,
  type InquiryInput,
  inquiryFor,
  sendInquiry,
  signedInAsAdmin,
  siteSettings,
  statValue,
  toast,
  uniqueTag,
} from './support.ts';

test.use(signedInAsAdmin);

async function stats(page: Page) {
  return {
    total: await statValue(page, 'Total'),
    new: await statValue(page, 'New'),
    inProgress: await statValue(page, 'In Progress'),
    resolved: await statValue(page, 'Resolved'),
    unread: await statValue(page, 'Unread'),
  };
}

/** The row (wide screen) or card (phone) of the inquiry from this person. */
function inquiryRow(page: Page, name: string): Locator {
  return page
    .getByRole('row')
    .or(page.getByRole('listitem'))
    .filter({ has: page.getByRole('button', { name: `Open inquiry from ${name}`, exact: true }) });
}

/** The coloured status badge of a row (the dropdown beside it has the same words). */
function statusBadge(row: Locator, label: string): Locator {
  return row.locator('span', { hasText: new RegExp(`^${label}$`) });
}

async function search(page: Page, text: string) {
  await page.getByPlaceholder('Search inquiries...').fill(text);
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === text);
}

/** The contact page's form, an island that is fetched when the visitor reaches for it (decision 062). */
async function sendThroughContactForm(page: Page, inquiry: InquiryInput) {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Write to us' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send us a message' });
  await fillInquiryForm(dialog, inquiry);
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByRole('heading', { name: 'Message Sent Successfully!' })).toBeVisible();
}

// The cards and the sidebar count must move only by this test's changes: no other test may send, read or
// delete an inquiry meanwhile.
test('an inquiry from the contact form is handled in the inbox: read, status, filters, delete', {
  tag: '@exclusive',
}, async ({ page, request, baseURL }) => {
  const tag = uniqueTag();
  const fromForm = inquiryFor(tag, { name: `Asha ${tag}`, city: 'Nagpur' });
  const fromApi = inquiryFor(tag, { name: `Ravi ${tag}`, city: 'Surat', service: 'technical-support' });
  await sendThroughContactForm(page, fromForm);
  const apiId = await sendInquiry(request, baseURL!, fromApi);
  const settings = await siteSettings(request);

  try {
    await page.goto('/admin/dashboard');
    // The sidebar shows how many inquiries are unread.
    const inboxLink = page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: /^Inquiries/ });
    await expect(inboxLink).toHaveAccessibleName(/^Inquiries \d+ unread$/);
    await inboxLink.click();
    await expect(page).toHaveURL(/\/admin\/inquiries$/);
    await expect(page.getByRole('heading', { name: 'Contact Inquiries', level: 1 })).toBeVisible();
    await expect(page.getByText('Manage and respond to customer inquiries')).toBeVisible();
    for (const column of ['Contact Info', 'Query', 'Status', 'Date', 'Actions']) {
      await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
    }

    // Search narrows the list to this test's two inquiries, newest first.
    await search(page, tag);
    const asha = inquiryRow(page, fromForm.name);
    const ravi = inquiryRow(page, fromApi.name);
    await expect(page.getByRole('row')).toHaveCount(3);
    await expect(page.getByRole('row').nth(1)).toContainText(fromApi.name);
    await expect(page.getByText('Showing 1–2 of 2')).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // The form's inquiry is new and unread, with everything the visitor typed.
    await expect(asha).toContainText(fromForm.email);
    await expect(asha).toContainText(fromForm.phone);
    await expect(asha).toContainText(fromForm.city);
    await expect(asha).toContainText(fromForm.query);
    await expect(asha).toContainText('Digital Marketing');
    await expect(statusBadge(asha, 'New')).toBeVisible();
    await expect(asha.getByText('Unread', { exact: true })).toBeVisible();
    const before = await stats(page);

    // Opening it shows it in full and marks it read: the Unread card and the sidebar drop by one.
    await asha.getByText(fromForm.query).click();
    const dialog = page.getByRole('dialog', { name: `Inquiry from ${fromForm.name}` });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/[?&]open=/);
    for (const text of [fromForm.phone, fromForm.email, fromForm.city, fromForm.query, 'Digital Marketing']) {
      await expect(dialog).toContainText(text);
    }
    await expect(dialog.getByLabel('Status')).toHaveValue('new');
    const whatsapp = new URL(
      (await dialog.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')) ?? 'about:blank',
    );
    expect(`${whatsapp.origin}${whatsapp.pathname}`).toBe('https://wa.me/919876543210');
    expect(whatsapp.searchParams.get('text')).toBe(
      `Hello ${fromForm.name}, this is ${settings.brandName} replying to your inquiry.`,
    );
    await expect(dialog.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+919876543210');
    await expect(dialog.getByRole('link', { name: 'Email' })).toHaveAttribute(
      'href',
      `mailto:${fromForm.email}`,
    );
    await expect.poll(() => statValue(page, 'Unread')).toBe(before.unread - 1);
    await expect(dialog.getByRole('button', { name: 'Mark as unread' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/[?&]open=/);
    await expect(asha.getByText('Unread', { exact: true })).toHaveCount(0);
    await expect(inboxLink).toHaveAccessibleName(
      before.unread - 1 > 0 ? `Inquiries ${before.unread - 1} unread` : 'Inquiries',
    );

    // The status dropdown of the row: the badge and the cards follow, with a toast.
    await asha.getByLabel(`Status of the inquiry from ${fromForm.name}`).selectOption('resolved');
    await expect(toast(page, 'Status updated successfully', 'success')).toBeVisible();
    await expect(statusBadge(asha, 'Resolved')).toBeVisible();
    await expect.poll(() => statValue(page, 'Resolved')).toBe(before.resolved + 1);
    await expect.poll(() => statValue(page, 'New')).toBe(before.new - 1);

    // The status filter narrows the list, and the address keeps it.
    const statusFilter = page.getByLabel('Filter by status');
    await expect(statusFilter.locator('option')).toHaveText([
      'All Status',
      'New',
      'In Progress',
      'Resolved',
      'Closed',
    ]);
    await statusFilter.selectOption({ label: 'Resolved' });
    await expect(page).toHaveURL(/status=resolved/);
    await expect(asha).toBeVisible();
    await expect(ravi).toHaveCount(0);
    await statusFilter.selectOption({ label: 'New' });
    await expect(ravi).toBeVisible();
    await expect(asha).toHaveCount(0);
    await statusFilter.selectOption({ label: 'Closed' });
    await expect(page.getByText('No inquiries found')).toBeVisible();
    await expect(page.getByText('No inquiries match your current filters.')).toBeVisible();
    // A reload keeps the search and the filter.
    await page.reload();
    await expect(page.getByPlaceholder('Search inquiries...')).toHaveValue(tag);
    await expect(statusFilter).toHaveValue('closed');
    await statusFilter.selectOption({ label: 'All Status' });
    await expect(ravi).toBeVisible();
    await expect(asha).toBeVisible();
    // The CSV export follows the filters.
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/api/contact-inquiries/export.csv?q=${tag}`,
    );

    // A search for one person's name finds only them.
    await search(page, fromApi.name);
    await expect(ravi).toBeVisible();
    await expect(asha).toHaveCount(0);
    await search(page, tag);
    await expect(asha).toBeVisible();

    // Delete from the row, after the confirmation question.
    const beforeDelete = await stats(page);
    await asha.getByRole('button', { name: `Delete inquiry from ${fromForm.name}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to delete this inquiry?');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, 'Inquiry deleted successfully', 'success')).toBeVisible();
    await expect(asha).toHaveCount(0);
    await expect.poll(() => statValue(page, 'Total')).toBe(beforeDelete.total - 1);
    await expect.poll(() => statValue(page, 'Resolved')).toBe(beforeDelete.resolved - 1);

    // Delete from the modal: it closes.
    await ravi.getByRole('button', { name: `Open inquiry from ${fromApi.name}` }).click();
    const raviDialog = page.getByRole('dialog', { name: `Inquiry from ${fromApi.name}` });
    await expect(raviDialog).toContainText('Technical Support');
    await raviDialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(raviDialog).toBeHidden();
    await expect(page.getByRole('alertdialog')).toBeHidden();
    await expect(ravi).toHaveCount(0);
    await expect(page.getByText('No inquiries found')).toBeVisible();
    await expect.poll(() => statValue(page, 'Total')).toBe(beforeDelete.total - 2);
  } finally {
    await deleteInquiry(request, baseURL!, apiId);
  }
});

test('a search for 50% finds the literal text, not every 50-something', async ({
  page,
  request,
  baseURL,
}) => {
  const tag = uniqueTag();
  const literal = inquiryFor(tag, { name: `Percent ${tag}`, query: `Is the 50% discount still on? ${tag}` });
  const lookalike = inquiryFor(tag, {
    name: `Lookalike ${tag}`,
    query: `Can I pay 50 percent now and 5000 later? ${tag}`,
  });
  const ids = [
    await sendInquiry(request, baseURL!, literal),
    await sendInquiry(request, baseURL!, lookalike),
  ];
  try {
    await page.goto('/admin/inquiries');
    // The newest inquiries are on the first page.
    await expect(inquiryRow(page, lookalike.name)).toBeVisible();
    const listRequests: string[] = [];
    page.on('request', (sent) => {
      const url = new URL(sent.url());
      if (url.pathname === '/api/contact-inquiries') listRequests.push(url.searchParams.get('q') ?? '');
    });
    await page.getByPlaceholder('Search inquiries...').pressSequentially('50%');
    await expect(page).toHaveURL(/q=50%25/);
    await expect(inquiryRow(page, literal.name)).toBeVisible();
    await expect(inquiryRow(page, lookalike.name)).toHaveCount(0);
    // Every inquiry listed contains the literal text.
    for (const row of await page
      .getByRole('row')
      .filter({ has: page.getByRole('cell') })
      .all()) {
      await expect(row).toContainText('50%');
    }
    // The server is asked once the typing pauses, not for every keystroke (an inquiry another test sends
    // meanwhile makes the list ask again for the same search: that is not a keystroke).
    expect(listRequests).toContain('50%');
    expect(listRequests.filter((q) => q !== '50%')).toEqual([]);

    await search(page, tag);
    await expect(inquiryRow(page, literal.name)).toBeVisible();
    await expect(inquiryRow(page, lookalike.name)).toBeVisible();
  } finally {
    for (const id of ids) await deleteInquiry(request, baseURL!, id);
  }
});

test('a failed status change says so in red for 3 seconds and the dropdown goes back', async ({
  page,
  request,
  baseURL,
}) => {
  const tag = uniqueTag();
  const inquiry = inquiryFor(tag);
  const id = await sendInquiry(request, baseURL!, inquiry);
  try {
    // The page's clock runs as usual until the test stops it to time the toast.
    await page.clock.install();
    await page.goto(`/admin/inquiries?q=${tag}`);
    const row = inquiryRow(page, inquiry.name);
    const select = row.getByLabel(`Status of the inquiry from ${inquiry.name}`);
    await expect(select).toHaveValue('new');

    await page.route('**/api/contact-inquiries/*/status', (route) =>
      route.fulfill({
        status: 500,
        json: { success: false, code: 'INTERNAL', message: 'Internal Server Error' },
      }),
    );
    await select.selectOption('in-progress');
    const failed = toast(page, 'Failed to update status', 'error');
    await expect(failed).toBeVisible();
    await expect(select).toHaveValue('new');
    await expect(statusBadge(row, 'New')).toBeVisible();

    // The toast appeared a moment ago (well under half a second): 2.4 s later it is still there, and
    // 1 s after that it has gone.
    await page.clock.pauseAt(Date.now() + 2_400);
    await expect(failed).toBeVisible();
    await page.clock.runFor(1_000);
    await expect(failed).toHaveCount(0);
    await page.clock.resume();

    // A failed delete keeps the inquiry.
    await page.route('**/api/contact-inquiries/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 500,
            json: { success: false, code: 'INTERNAL', message: 'Internal Server Error' },
          })
        : route.fallback(),
    );
    await row.getByRole('button', { name: `Delete inquiry from ${inquiry.name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, 'Failed to delete inquiry', 'error')).toBeVisible();
    await expect(page.getByRole('alertdialog')).toBeHidden();
    await expect(row).toBeVisible();
  } finally {
    await deleteInquiry(request, baseURL!, id);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the inbox is usable by touch and keyboard, and ?open= opens an inquiry', async ({
    page,
    request,
    baseURL,
  }) => {
    const tag = uniqueTag();
    const inquiry = inquiryFor(tag, { query: `First line ${tag}\n\n  Second line, indented` });
    const id = await sendInquiry(request, baseURL!, inquiry);
    try {
      await page.goto(`/admin/inquiries?q=${tag}`);
      const card = inquiryRow(page, inquiry.name);
      await expect(card).toBeVisible();
      await expect(card.getByText('Unread', { exact: true })).toBeVisible();
      // Cards on a phone: nothing sticks out sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoSeriousAxeViolations(page);

      // Keyboard: the card's name is a button; Enter opens the inquiry, Escape closes it.
      const open = card.getByRole('button', { name: `Open inquiry from ${inquiry.name}` });
      await open.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `Inquiry from ${inquiry.name}` });
      await expect(dialog).toBeVisible();
      // The full query, line breaks kept.
      await expect(dialog.getByText(/First line .*Second line/s)).toHaveCSS('white-space', 'pre-wrap');
      await expectNoSeriousAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(open).toBeFocused();
      await expect(card.getByText('Unread', { exact: true })).toHaveCount(0);

      // Mark as unread from the modal.
      await card.getByText(`First line ${tag}`).click();
      await dialog.getByRole('button', { name: 'Mark as unread' }).click();
      await expect(toast(page, 'Inquiry marked as unread', 'success')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(card.getByText('Unread', { exact: true })).toBeVisible();

      // A link with ?open= (the dashboard's) opens that inquiry, and marks it read.
      await page.goto(`/admin/inquiries?open=${id}`);
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(inquiry.email);
      await expect
        .poll(async () => {
          const response = await page.request.get(`/api/contact-inquiries/${id}`);
          return ((await response.json()) as { inquiry: { isRead: boolean } }).inquiry.isRead;
        })
        .toBe(true);

      // An address naming no inquiry says so.
      await page.goto('/admin/inquiries?open=00000000-0000-4000-8000-000000000000');
      const missing = page.getByRole('dialog', { name: 'Inquiry' });
      await expect(missing.getByText('Inquiry not found')).toBeVisible();
      await missing.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(missing).toBeHidden();
    } finally {
      await deleteInquiry(request, baseURL!, id);
    }
  });
});

/** A made-up page of inquiries, for paging through more inquiries than the tests may send. */
function fakePage(page: number, pageSize: number, total: number, capped: boolean) {
  const start = (page - 1) * pageSize;
  const count = Math.max(0, Math.min(pageSize, total - start));
  const inquiries = Array.from({ length: count }, (_, index) => {
    const n = start + index + 1;
    return {
      _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      name: `Paged ${n}`,
      phone: '+919876543210',
      phoneDisplay: '+91 98765 43210',
      email: `paged${n}@example.com`,
      city: 'Pune',
      query: `Paged inquiry number ${n}`,
      service: 'other',
      language: 'en',
      status: 'new',
      isRead: true,
      assignee: null,
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-01T10:00:00.000Z',
    };
  });
  return { inquiries, total, totalCapped: capped, overdue: [], page, pageSize };
}

test('pages: "10,000+" when the total is capped, the old page stays while the next one loads', async ({
  page,
}) => {
  // One gate for every request while it is shut: a live update from another test's inquiry can refetch the
  // held page, and that second request must pass once the gate opens, not wait for a release of its own.
  let gate = Promise.resolve();
  let release = () => {};
  await page.route(
    (url) => url.pathname === '/api/contact-inquiries',
    async (route) => {
      const url = new URL(route.request().url());
      const pageNumber = Number(url.searchParams.get('page') ?? 1);
      await gate;
      await route.fulfill({ json: fakePage(pageNumber, 20, 10_000, true) });
    },
  );
  await page.goto('/admin/inquiries');
  await expect(page.getByText('Showing 1–20 of 10,000+')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

  gate = new Promise<void>((resolve) => (release = resolve));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  // The first page stays on screen, marked busy, until the second arrives.
  await expect(inquiryRow(page, 'Paged 1')).toBeVisible();
  await expect(page.getByRole('region', { name: 'All inquiries' })).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(inquiryRow(page, 'Paged 21')).toBeVisible();
  await expect(page.getByText('Showing 21–40 of 10,000+')).toBeVisible();

  // Back returns to the first page.
  await page.goBack();
  await expect(inquiryRow(page, 'Paged 1')).toBeVisible();

  // When the last page empties (its last inquiry deleted elsewhere), the inbox steps back a page.
  await page.unrouteAll();
  await page.route(
    (url) => url.pathname === '/api/contact-inquiries',
    (route) => {
      const pageNumber = Number(new URL(route.request().url()).searchParams.get('page') ?? 1);
      return route.fulfill({ json: fakePage(pageNumber, 20, 40, false) });
    },
  );
  await page.goto('/admin/inquiries?page=3');
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByText('Showing 21–40 of 40')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
});
