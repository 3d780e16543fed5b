import { useMemo } from 'react';
import { type LoaderFunctionArgs, useRouteLoaderData } from 'react-router';
import type { SiteSettings } from '../../shared/contracts/site-settings.ts';
import { type CopyValues, copyValues, fillCopy } from '../content/site.ts';
import { serverDataContext } from '../server-context.ts';

/**
 * The site settings (brand, numbers, figures) on every public page.
 *
 * The layout route (id `public`, routes.tsx) loads them once: on the server from the data context, in the
 * browser from GET /api/settings — but only when the server-rendered page did not carry them, since the
 * route never revalidates. Any page or component reads them with `useSiteSettings()` (which is
 * `useRouteLoaderData('public')`); page loaders that need them call `loadSiteSettings`.
 */
export const PUBLIC_LAYOUT_ROUTE_ID = 'public';

export interface PublicLayoutData {
  settings: SiteSettings;
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
 * tell apart is "no settings" (the layout's error boundary then shows a generic page).
 */
async function fetchSiteSettings(): Promise<SiteSettings> {
  const response = await fetch('/api/settings', { headers: { accept: 'application/json' } });
  // Not a route error response: a missing settings endpoint is a broken site, not a missing page.
  if (!response.ok) throw new Error(`GET /api/settings answered ${response.status}`);
  // The server's response schema fixes this shape; public pages ship no schema library.
  return ((await response.json()) as PublicLayoutData).settings;
}

export function loadSiteSettings(context: unknown): Promise<SiteSettings> {
  const server = serverDataContext(context);
  if (server) return server.siteSettings();
  if (!browserSettings) {
    const request = fetchSiteSettings();
    browserSettings = request;
    // A failed request (offline, server down) is tried again on the next navigation.
    request.catch(() => {
      if (browserSettings === request) browserSettings = undefined;
    });
  }
  return browserSettings;
}

export async function publicLayoutLoader({ context }: LoaderFunctionArgs): Promise<PublicLayoutData> {
  return { settings: await loadSiteSettings(context) };
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

/** Fills a text's placeholders ({product}, {phone}, ...) from the settings; `extra` adds or overrides values. */
export type FillCopy = (text: string, extra?: CopyValues) => string;

export function useCopy(): FillCopy {
  const settings = useSiteSettings();
  return useMemo(() => {
    const values = copyValues(settings);
    return (text, extra) => fillCopy(text, extra ? { ...values, ...extra } : values);
  }, [settings]);
}
