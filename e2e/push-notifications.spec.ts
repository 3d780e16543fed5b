import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { FULL_CHROMIUM_LAUNCH } from '../playwright.config.ts';
import { inquiryNotification } from '../src/server/features/notifications/inquiry-push.ts';
import { inquiryPath } from '../src/shared/pages/admin-paths.ts';
import {
  deleteInquiry,
  expectNoSeriousAxeViolations,
  inquiryFor,
  sendInquiry,
  signedInAsAdmin,
  TOASTER,
  toast,
  uniqueTag,
} from './support.ts';

test.use({ ...signedInAsAdmin, launchOptions: FULL_CHROMIUM_LAUNCH });

// Both tests show notifications: the app's origin may, as for a user who allowed them.
test.beforeEach(({ context, baseURL }) => context.grantPermissions(['notifications'], { origin: baseURL! }));

/** The notifications the back office's service worker shows now, as the page sees them. */
function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map(({ title, body, tag, data }) => ({
      title,
      body,
      tag,
      data: data as unknown,
    }));
  });
}

/** The id DevTools knows the service worker registration of `scope` by. */
async function registrationIdOf(cdp: CDPSession, scope: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const registration = registrations.find((entry) => entry.scopeURL === scope && !entry.isDeleted);
      if (registration) resolve(registration.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

test('the back office is an installable app whose service worker shows a new inquiry and opens it when tapped', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const tag = uniqueTag();
  const inquiry = inquiryFor(tag, {
    name: `Push ${tag}`,
    query: `Our WhatsApp line is down since morning for ${tag}\nPlease call back.`,
  });
  const inquiryId = await sendInquiry(request, baseURL!, inquiry);
  try {
    await page.goto('/admin/dashboard');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/admin/manifest.webmanifest');
    const manifest = await (await request.get('/admin/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({
      scope: '/admin/',
      start_url: '/admin/dashboard',
      display: 'standalone',
    });

    // The admin app registers the worker for /admin/ and it takes the open page over.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseURL}/admin/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    // A push as the server sends it for this inquiry, delivered to the worker by the browser itself.
    const cdp = await context.newCDPSession(page);
    const registrationId = await registrationIdOf(cdp, scope);
    const message = inquiryNotification({ id: inquiryId, name: inquiry.name, query: inquiry.query });
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL!,
      registrationId,
      data: JSON.stringify(message),
    });
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([
        {
          title: inquiry.name,
          body: `Our WhatsApp line is down since morning for ${tag}`,
          tag: inquiryId,
          data: { url: inquiryPath(inquiryId) },
        },
      ]);

    // A tap: Chromium cannot click a notification for a test, so the worker gets the event it would send.
    const [worker] = context.serviceWorkers().filter((entry) => entry.url().endsWith('/admin/sw.js'));
    expect(worker).toBeDefined();
    await worker!.evaluate(async (notificationTag) => {
      // The worker's globals (e2e code is typed for pages, not workers).
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [notification] = await scope.registration.getNotifications({ tag: notificationTag });
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
    }, inquiryId);

    await expect(page).toHaveURL((url) => url.pathname + url.search === inquiryPath(inquiryId));
    await expect(page.getByRole('dialog', { name: `Inquiry from ${inquiry.name}` })).toBeVisible();
    await expect.poll(() => shownNotifications(page)).toEqual([]);
  } finally {
    await deleteInquiry(request, baseURL!, inquiryId);
  }
});

test("My Profile lists the user's devices, sends a test notification and removes a device", async ({
  page,
  request,
  baseURL,
}) => {
  // Headless Chromium has no push service to subscribe at, so the device is added as a browser would add it:
  // a subscription whose push service (here: nothing listening) cannot be reached.
  const name = `Test phone ${uniqueTag()}`;
  const added = await request.post('/api/admin/profile/devices', {
    headers: { origin: baseURL! },
    data: {
      endpoint: 'http://127.0.0.1:9/notify/e2e',
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      name,
    },
  });
  expect(added.status()).toBe(201);
  const { device } = (await added.json()) as { device: { id: string } };
  try {
    await page.goto('/admin/profile');
    await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
    const card = page.getByRole('region', { name: 'Push notifications' });
    await expect(card.getByRole('status')).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Notify this device' })).toBeVisible();
    await expect(card.getByLabel('Name of this device')).toHaveValue(/^Chrome on /);

    const row = card.getByRole('listitem', { name });
    await expect(row).toContainText('Not notified yet');
    await row.getByRole('button', { name: 'Send a test notification' }).click();
    await expect(toast(page, 'The test notification could not be delivered', 'error')).toBeVisible();
    await expectNoSeriousAxeViolations(page, TOASTER);

    await row.getByRole('button', { name: `Remove ${name}` }).click();
    await expect(toast(page, `${name} removed`, 'success')).toBeVisible();
    await expect(row).toHaveCount(0);
  } finally {
    await request.delete(`/api/admin/profile/devices/${device.id}`, { headers: { origin: baseURL! } });
  }
});

test('"Notify this device" says so in place when the browser does not allow notifications', async ({
  page,
}) => {
  // The visitor closes the browser's question without answering: the permission stays "default".
  await page.addInitScript(() => {
    Notification.requestPermission = () => Promise.resolve('default');
  });
  await page.goto('/admin/profile');
  const card = page.getByRole('region', { name: 'Push notifications' });
  await card.getByRole('button', { name: 'Notify this device' }).click({ timeout: 30_000 });
  await expect(card.getByRole('alert')).toHaveText(
    'The browser did not allow notifications: nothing was turned on. Try again and choose Allow when it asks.',
  );
  await expect(card.getByRole('button', { name: 'Notify this device' })).toBeEnabled();
});
