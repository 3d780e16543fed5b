import { useQuery } from '@tanstack/react-query';
import { adminPath } from '../../../shared/pages/admin-paths.ts';
import { DutySharesCard } from '../../features/duty/duty-shares-card.tsx';
import { siteSettingsQueryOptions } from '../../features/site-settings/api.ts';
import { TeamScreen } from '../../features/team/team-screen.tsx';
import { AdminPageHeader } from '../layout/admin-page-header.tsx';
import { useSignedInAdmin } from '../signed-in-admin.ts';

export function TeamPage() {
  const admin = useSignedInAdmin();
  // Only for the brand name in the WhatsApp message with a password or link: without it that link waits.
  const settings = useQuery({ ...siteSettingsQueryOptions(), meta: {} });
  return (
    <div className="mx-auto max-w-6xl">
      <AdminPageHeader title="Team" subtitle="Who can sign in to the back office, and with which role" />
      <TeamScreen
        signedInId={admin._id}
        brandName={settings.data?.brandName}
        signInUrl={`${window.location.origin}${adminPath('login')}`}
      />
      <div className="mt-6">
        <DutySharesCard />
      </div>
    </div>
  );
}
