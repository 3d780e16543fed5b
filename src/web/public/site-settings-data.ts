import { type LoaderFunctionArgs, useRouteLoaderData } from 'react-router';
import type { SiteSettings } from '../../shared/contracts/site-settings.ts';
import { type ContactFacts, contactFactsOf, NO_CONTACT_FACTS } from '../../shared/rules/contact-facts.ts';
import { serverDataContext } from '../server-context.ts';

/**
 * The site settings (brand, hours, figures) and the contact facts (the first published phone, WhatsApp and
 * Telegram channel) on every public page.
 *
 * The layout route (id `public`, routes.tsx) loads them from the server's data context: public pages are
 * rendered by the server alone (decision 062). Any page or component reads them with `useSiteSettings()` and
 * `useContactFacts()` (`useRouteLoaderData('public')`); page loaders that need the settings call
 * `loadSiteSettings`.
 */
export const PUBLIC_LAYOUT_ROUTE_ID = 'public';

export interface PublicLayoutData {
  settings: SiteSettings;
  contactFacts: ContactFacts;
  /** When the server rendered the page: what it says about opening hours is true then (decision 074). */
  renderedAt: number;
}

export function loadSiteSettings(context: unknown): Promise<SiteSettings> {
  return serverDataContext(context).siteSettings();
}

export async function publicLayoutLoader({ context }: LoaderFunctionArgs): Promise<PublicLayoutData> {
  const server = serverDataContext(context);
  const [settings, contactFacts] = await Promise.all([
    server.siteSettings(),
    server.activeContacts().then(contactFactsOf),
  ]);
  return { settings, contactFacts, renderedAt: server.now() };
}

/** The settings, inside any page under the public layout. */
export function useSiteSettings(): SiteSettings {
  const data = useRouteLoaderData<PublicLayoutData>(PUBLIC_LAYOUT_ROUTE_ID);
  if (!data) throw new Error('useSiteSettings() is used outside the public layout, or its loader failed');
  return data.settings;
}

/** When the server rendered the page (its clock): what the page says about opening hours is true then. */
export function useRenderedAt(): number {
  const data = useRouteLoaderData<PublicLayoutData>(PUBLIC_LAYOUT_ROUTE_ID);
  if (!data) throw new Error('useRenderedAt() is used outside the public layout, or its loader failed');
  return data.renderedAt;
}

/** The settings, or null where the layout's own loader failed (its error boundary). */
export function useOptionalSiteSettings(): SiteSettings | null {
  return useRouteLoaderData<PublicLayoutData>(PUBLIC_LAYOUT_ROUTE_ID)?.settings ?? null;
}

/** The contact facts; none where the layout's own loader failed (its error boundary). */
export function useContactFacts(): ContactFacts {
  return useRouteLoaderData<PublicLayoutData>(PUBLIC_LAYOUT_ROUTE_ID)?.contactFacts ?? NO_CONTACT_FACTS;
}
