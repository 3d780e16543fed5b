import { createContext, useContext } from 'react';
import { useSiteSettings } from '../features/site-settings/api.ts';

/** The unread inquiries, for the tab's title; given by the signed-in layout, absent elsewhere. */
export const UnreadInquiriesContext = createContext<number | undefined>(undefined);

/** The site's brand as the back office names itself; undefined until the settings have arrived. */
export function useBrandName(): string | undefined {
  return useSiteSettings().data?.brandName;
}

/** The back office's name: "{Brand} Admin", or "Admin" until the brand is known. */
export function useAdminName(): string {
  const brand = useBrandName();
  return brand ? `${brand} Admin` : 'Admin';
}

/**
 * The browser tab's title of an admin screen, e.g. "Inquiries · Apna Admin", or "(3) Inquiries · Apna Admin"
 * with three unread inquiries, so a tab in the background shows new ones coming in.
 */
export function AdminTitle({ title }: { title: string }) {
  const unread = useContext(UnreadInquiriesContext);
  const count = unread ? `(${unread.toLocaleString()}) ` : '';
  return <title>{`${count}${title} · ${useAdminName()}`}</title>;
}
