import { useQuery } from '@tanstack/react-query';
import type { SiteSettings } from '../../../shared/contracts/site-settings.ts';
import type { Locale } from '../../../shared/rules/locales.ts';
import { businessHoursRows } from '../../../shared/rules/opening-hours.ts';
import { InquiryInbox } from '../../features/contact-inquiries/inquiry-inbox.tsx';
import { siteSettingsQueryOptions } from '../../features/site-settings/api.ts';
import { AdminPageHeader } from '../layout/admin-page-header.tsx';
import { useCanUse, useSignedInAdmin } from '../signed-in-admin.ts';

/** The business hours on one line, as a reply's {hours} says them. */
function hoursLine(settings: SiteSettings | undefined, language: Locale): string {
  if (!settings) return '';
  return businessHoursRows(settings, language)
    .map((row) => `${row.days} ${row.hours}`)
    .join('; ');
}

export function InquiriesPage() {
  // For the brand and hours in a reply: without them the greeting and templates leave them out, no toast.
  const settings = useQuery({ ...siteSettingsQueryOptions(), meta: {} });
  // Deleting and exporting inquiries is administration (roles.ts); an agent reads and answers them.
  const administration = useCanUse('administration');
  const me = useSignedInAdmin();
  return (
    <div className="mx-auto max-w-6xl">
      <AdminPageHeader title="Contact Inquiries" subtitle="Manage and respond to customer inquiries" />
      <InquiryInbox
        replyFacts={{
          brand: settings.data?.brandName,
          agent: me.name.trim() || me.email,
          hours: { en: hoursLine(settings.data, 'en'), hi: hoursLine(settings.data, 'hi') },
        }}
        canDelete={administration}
        canExport={administration}
        currentAdminId={me._id}
      />
    </div>
  );
}
