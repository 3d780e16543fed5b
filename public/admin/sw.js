// The back office's service worker (scope /admin/): shows the push notifications the server sends about new
// inquiries, and opens the inquiry when one is tapped. Plain script, served as it is at /admin/sw.js.

const ADMIN_ROOT = '/admin/';
const ICON = '/icons/icon-192.png';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  // The open back office is controlled at once, so a tap can move it to the inquiry.
  event.waitUntil(self.clients.claim());
});

/** Lets the browser wait for `work`; a synthetic event (a test's) cannot be waited for, and need not be. */
function keepAlive(event, work) {
  try {
    event.waitUntil(work);
  } catch {
    // Not trusted: `work` runs on regardless.
  }
  return work;
}

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    // Not JSON: shown as a plain new-inquiry notice below.
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'New inquiry';
  const url =
    typeof message.url === 'string' && message.url.startsWith(ADMIN_ROOT) ? message.url : ADMIN_ROOT;
  keepAlive(
    event,
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      icon: ICON,
      data: { url },
    }),
  );
});

async function openInquiry(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const target = new URL(url, self.location.origin).href;
  const admin = windows.find((client) => new URL(client.url).pathname.startsWith(ADMIN_ROOT));
  if (admin) {
    try {
      const moved = await admin.navigate(target);
      await (moved ?? admin).focus().catch(() => undefined);
      return;
    } catch {
      // Not controlled by this worker (opened before it was installed): a new window instead.
    }
  }
  await self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data?.url;
  keepAlive(event, openInquiry(typeof url === 'string' && url.startsWith(ADMIN_ROOT) ? url : ADMIN_ROOT));
});
