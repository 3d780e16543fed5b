import { type LoaderFunctionArgs, useRouteLoaderData } from 'react-router';
import type { PublicContactChannel } from '../../shared/contracts/contact-channels.ts';
import type { SiteSettings } from '../../shared/contracts/site-settings.ts';
import { type ContactFacts, contactFactsOf, NO_CONTACT_FACTS } from '../../shared/rules/contact-facts.ts';
import { serverDataContext } from '../server-context.ts';

/**
 * The site settings (brand, hours, figures) and the contact facts (the first published phone, WhatsApp and
 * Telegram channel) on every public page.
 *
 * The layout route (id `public`, routes.tsx) loads them once: on the server from the data context, in the
 * browser from GET /api/settings and GET /api/contacts/active — but only when the server-rendered page did
 * not carry them, since the route never revalidates. Any page or component reads them with
 * `useSiteSettings()` and `useContactFacts()` (`useRouteLoaderData('public')`); page loaders that need the
 * settings call `loadSiteSettings`.
 */
export const PUBLIC_LAYOUT_ROUTE_ID = 'public';

export interface PublicLayoutData {
  settings: SiteSettings;
  contactFacts: ContactFacts;
}

/** The browser's copy: the settings change rarely, and a visitor's tab may keep them until reload. */
let browserSettings: Promise<SiteSettings> | undefined;

/** Hands the settings the server rendered the page with to later browser-side loaders. */
export function rememberSiteSettings(data: unknown): void {
  const settings = (data as Partial<PublicLayoutData> | undefined)?.settings;
  if (settings) browserSettings = Promise.resolve(settings);
}

/**
 * Plain fetch rather than the API client: every public page downloads this module, and the only failure to
 * tell apart is "no answer". The server's response schemas fix the shapes; public pages ship no schema library.
 */
async function fetchPublic<Data>(url: string): Promise<Data> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  // Not a route error response: a missing endpoint is a broken site, not a missing page.
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as Data;
}

export function loadSiteSettings(context: unknown): Promise<SiteSettings> {
  const server = serverDataContext(context);
  if (server) return server.siteSettings();
  if (!browserSettings) {
    const request = fetchPublic<{ settings: SiteSettings }>('/api/settings').then(({ settings }) => settings);
    browserSettings = request;
    // A failed request (offline, server down) is tried again on the next navigation.
    request.catch(() => {
      if (browserSettings === request) browserSettings = undefined;
    });
  }
  return browserSettings;
}

/** The published channels in the admin's order (GET /api/contacts/active), in the browser. */
async function fetchActiveContacts(): Promise<PublicContactChannel[]> {
  return (await fetchPublic<{ contacts: PublicContactChannel[] }>('/api/contacts/active')).contacts;
}

function loadContactFacts(context: unknown): Promise<ContactFacts> {
  const server = serverDataContext(context);
  if (server) return server.activeContacts().then(contactFactsOf);
  // A failed channel list only leaves the channels' buttons out.
  return fetchActiveContacts().then(contactFactsOf, () => NO_CONTACT_FACTS);
}

export async function publicLayoutLoader({ context }: LoaderFunctionArgs): Promise<PublicLayoutData> {
  const [settings, contactFacts] = await Promise.all([loadSiteSettings(context), loadContactFacts(context)]);
  return { settings, contactFacts };
}

/** Loaded once per visit: client navigations do not ask for the settings again. */
export function shouldRevalidatePublicLayout(): boolean {
  return false;
}

/** The settings, inside any page under the public layout. */
export function useSiteSettings(): SiteSettings {
  const data = useRouteLoaderData<PublicLayoutData>(PUBLIC_LAYOUT_ROUTE_ID);
  if (!data) throw new Error('useSiteSettings() is used outside the public layout, or its loader failed');
  return data.settings;
}

/** The settings, or null where the layout's own loader failed (its error boundary). */
export function useOptionalSiteSettings(): SiteSettings | null {
  return useRouteLoaderData<PublicLayoutData>(PUBLIC_LAYOUT_ROUTE_ID)?.settings ?? null;
}

/** The contact facts; none where the layout's own loader failed (its error boundary). */
export function useContactFacts(): ContactFacts {
  return useRouteLoaderData<PublicLayoutData>(PUBLIC_LAYOUT_ROUTE_ID)?.contactFacts ?? NO_CONTACT_FACTS;
}
