import { createContext, useContext } from 'react';
import { smallestUploadUrl } from '../../shared/rules/upload-addresses.ts';
import { useSiteSettings } from '../features/site-settings/api.ts';
import { cx } from '../lib/class-names.ts';

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

/**
 * The brand's uploaded logo, 32 px square on a white tile (it may be drawn for a light background), in its
 * smallest stored size, named by the brand; nothing while the settings load or when no logo was uploaded.
 */
export function AdminBrandLogo({ className }: { className?: string }) {
  const settings = useSiteSettings().data;
  if (!settings?.logo) return null;
  return (
    <img
      src={smallestUploadUrl(settings.logo)}
      alt={settings.brandName}
      width={32}
      height={32}
      className={cx('size-8 shrink-0 rounded-md bg-white object-contain p-0.5', className)}
    />
  );
}
