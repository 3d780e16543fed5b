import type { ReactNode } from 'react';
import { BusinessTimeZone } from '../../lib/business-time-zone.ts';
import { useSiteSettings } from './api.ts';

/**
 * Shows every date below it in the business's time zone (the settings'), signed in or not: the back office,
 * and the invitation page, whose expiry must read as the administrator's dialog said it.
 */
export function SiteTimeZone({ children }: { children: ReactNode }) {
  const settings = useSiteSettings();
  // Settings that cannot be loaded leave the dates in the viewer's own zone rather than blank.
  const timeZone = settings.isError ? undefined : (settings.data?.timeZone ?? null);
  return <BusinessTimeZone value={timeZone}>{children}</BusinessTimeZone>;
}
