import type { ReactNode } from 'react';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '../../../shared/rules/roles.ts';
import { ChangePasswordForm } from '../../features/admin-auth/change-password-form.tsx';
import { TwoFactorCard } from '../../features/admin-auth/two-factor-card.tsx';
import { ApiTokensCard } from '../../features/api-tokens/api-tokens-card.tsx';
import { DutyCard } from '../../features/duty/duty-card.tsx';
import { NotificationPreferencesCard } from '../../features/notifications/notification-preferences-card.tsx';
import { PushDevicesCard } from '../../features/push-devices/push-devices-card.tsx';
import { cx } from '../../lib/class-names.ts';
import { Card } from '../../ui/card.tsx';
import { canOpen } from '../access.ts';
import { AdminPageHeader } from '../layout/admin-page-header.tsx';
import { useSignedInAdmin } from '../signed-in-admin.ts';

/** One fact of the signed-in account: its name, and its value under it; `wide` takes the whole row. */
function AccountFact({
  label,
  valueClassName,
  wide,
  children,
}: {
  label: string;
  valueClassName?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-slate-600">{label}</dt>
      <dd className={cx('mt-0.5', valueClassName, 'text-slate-900')}>{children}</dd>
    </div>
  );
}

export function ProfilePage() {
  const admin = useSignedInAdmin();
  // Duty and notifications are about answering visitors: only for a role that may open the inbox.
  const inquiries = canOpen(admin.role, 'inquiries');
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <AdminPageHeader title="My Profile" />
      <Card titleId="account-title" title="Account">
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
          {admin.name && (
            <AccountFact label="Name" valueClassName="font-medium break-words">
              {admin.name}
            </AccountFact>
          )}
          <AccountFact label="Email" valueClassName="font-medium break-all">
            {admin.email}
          </AccountFact>
          <AccountFact label="Role" wide>
            <span className="font-medium">{ROLE_LABELS[admin.role]}</span>: {ROLE_DESCRIPTIONS[admin.role]}
          </AccountFact>
        </dl>
      </Card>
      <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <ChangePasswordForm email={admin.email} />
      </section>
      <TwoFactorCard email={admin.email} />
      {inquiries && <DutyCard />}
      {inquiries && <NotificationPreferencesCard />}
      {inquiries && <PushDevicesCard />}
      <ApiTokensCard role={admin.role} />
    </div>
  );
}
