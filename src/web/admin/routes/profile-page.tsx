import { useCurrentAdmin } from '../../features/admin-auth/api.ts';
import { ChangePasswordForm } from '../../features/admin-auth/change-password-form.tsx';
import { TwoFactorCard } from '../../features/admin-auth/two-factor-card.tsx';
import { NotificationPreferencesCard } from '../../features/notifications/notification-preferences-card.tsx';
import { PushDevicesCard } from '../../features/push-devices/push-devices-card.tsx';
import { Card } from '../../ui/card.tsx';
import { AdminPageHeader } from '../layout/admin-page-header.tsx';

export function ProfilePage() {
  const { data: admin } = useCurrentAdmin();
  if (!admin) return null;
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <AdminPageHeader title="My Profile" />
      <Card titleId="account-title" title="Account">
        <dl className="mt-3 text-sm">
          <dt className="text-slate-500">Email</dt>
          <dd className="mt-0.5 font-medium break-all text-slate-900">{admin.email}</dd>
        </dl>
      </Card>
      <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <ChangePasswordForm email={admin.email} />
      </section>
      <TwoFactorCard email={admin.email} />
      <NotificationPreferencesCard />
      <PushDevicesCard />
    </div>
  );
}
