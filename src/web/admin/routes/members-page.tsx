import { useQuery } from '@tanstack/react-query';
import { MembersScreen } from '../../features/members/members-screen.tsx';
import { siteSettingsQueryOptions } from '../../features/site-settings/api.ts';
import { AdminPageHeader } from '../layout/admin-page-header.tsx';

export function MembersPage() {
  // Only for the brand name in the WhatsApp message with a new ID: without it that link waits, no toast.
  const settings = useQuery({ ...siteSettingsQueryOptions(), meta: {} });
  return (
    <div className="mx-auto max-w-6xl">
      <AdminPageHeader
        title="Members"
        subtitle="Create member IDs, reset passwords and see who changed what"
      />
      <MembersScreen brandName={settings.data?.brandName} />
    </div>
  );
}
