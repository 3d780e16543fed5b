import { useSiteSettings } from '../features/site-settings/api.ts';

/** The site's brand as the back office names itself; undefined until the settings have arrived. */
export function useBrandName(): string | undefined {
  return useSiteSettings().data?.brandName;
}

/** The back office's name: "{Brand} Admin", or "Admin" until the brand is known. */
export function useAdminName(): string {
  const brand = useBrandName();
  return brand ? `${brand} Admin` : 'Admin';
}

/** The browser tab's title of an admin screen, e.g. "Inquiries · Apna Admin". */
export function AdminTitle({ title }: { title: string }) {
  return <title>{`${title} · ${useAdminName()}`}</title>;
}
