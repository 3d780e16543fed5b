import { useQuery } from '@tanstack/react-query';
import { InquiryInbox } from '../../features/contact-inquiries/inquiry-inbox.tsx';
import { siteSettingsQueryOptions } from '../../features/site-settings/api.ts';
import { AdminPageHeader } from '../layout/admin-page-header.tsx';
import { useCanUse, useSignedInAdmin } from '../signed-in-admin.ts';

export function InquiriesPage() {
  // Only for the brand name in the WhatsApp greeting: without it the greeting leaves it out, no toast.
  const settings = useQuery({ ...siteSettingsQueryOptions(), meta: {} });
  // Deleting and exporting inquiries is administration (roles.ts); an agent reads and answers them.
  const administration = useCanUse('administration');
  const me = useSignedInAdmin();
  return (
    <div className="mx-auto max-w-6xl">
      <AdminPageHeader title="Contact Inquiries" subtitle="Manage and respond to customer inquiries" />
      <InquiryInbox
        brandName={settings.data?.brandName}
        canDelete={administration}
        canExport={administration}
        currentAdminId={me._id}
      />
    </div>
  );
}
