import { useQuery } from '@tanstack/react-query';
import { useCurrentAdmin } from '../../features/admin-auth/api.ts';
import { InquiryInbox } from '../../features/contact-inquiries/inquiry-inbox.tsx';
import { siteSettingsQueryOptions } from '../../features/site-settings/api.ts';
import { AdminPageHeader } from '../layout/admin-page-header.tsx';

export function InquiriesPage() {
  // Only for the brand name in the WhatsApp greeting: without it the greeting leaves it out, no toast.
  const settings = useQuery({ ...siteSettingsQueryOptions(), meta: {} });
  const me = useCurrentAdmin();
  return (
    <div className="mx-auto max-w-6xl">
      <AdminPageHeader title="Contact Inquiries" subtitle="Manage and respond to customer inquiries" />
      <InquiryInbox brandName={settings.data?.brandName} currentAdminId={me.data?._id} />
    </div>
  );
}
