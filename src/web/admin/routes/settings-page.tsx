import { CONTACT_CHANNEL_LABELS } from '../../../shared/rules/contact-channels.ts';
import { useCurrentAdmin } from '../../features/admin-auth/api.ts';
import { BackupsCard } from '../../features/backups/backups-card.tsx';
import { useContactChannels } from '../../features/contact-channels/api.ts';
import { DutySettingsCard } from '../../features/duty/duty-settings-card.tsx';
import { NotificationSettingsCard } from '../../features/notifications/notification-settings-card.tsx';
import { type PosterChannel, PostersCard } from '../../features/posters/posters-card.tsx';
import { useSiteSettings } from '../../features/site-settings/api.ts';
import { InboxSettingsCard } from '../../features/site-settings/inbox-settings-card.tsx';
import { SignInSettingsCard } from '../../features/site-settings/sign-in-settings-card.tsx';
import { SiteSettingsForm } from '../../features/site-settings/site-settings-form.tsx';
import { WebhooksCard } from '../../features/webhooks/webhooks-card.tsx';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { AdminPageHeader } from '../layout/admin-page-header.tsx';

function formatMinutes(minutes: number): string {
  if (minutes % 60 === 0) return `${minutes / 60} hour${minutes === 60 ? '' : 's'}`;
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function SiteSettingsSection() {
  const settings = useSiteSettings();
  if (settings.data) return <SiteSettingsForm settings={settings.data} />;
  if (settings.isError) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p>The site settings could not be loaded.</p>
        <Button variant="secondary" className="mt-3" onClick={() => void settings.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <LoadingState label="Loading settings..." />;
}

/** The published channels a poster's QR code may lead to. */
function usePosterChannels(): PosterChannel[] {
  const channels = useContactChannels().data ?? [];
  return channels
    .filter((channel) => channel.isActive)
    .map((channel) => ({
      id: channel._id,
      label: `${CONTACT_CHANNEL_LABELS[channel.type]}: ${channel.display}`,
    }));
}

export function SettingsPage() {
  const posterChannels = usePosterChannels();
  const { data: admin } = useCurrentAdmin();
  const brand = useSiteSettings().data?.brandName;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <AdminPageHeader
        title="Settings"
        subtitle="Your session, sign-in, what the public site shows, posters, notifications, webhooks and backups"
      />
      <Card titleId="session-title" title="Session">
        {admin && (
          <p className="mt-2 text-sm text-slate-700">
            Signed in as <span className="font-medium break-all">{admin.email}</span>.
          </p>
        )}
        {admin && (
          <p className="mt-2 text-sm text-slate-700">
            You are signed out after {formatMinutes(admin.sessionPolicy.idleMinutes)} without activity and{' '}
            {formatMinutes(admin.sessionPolicy.absoluteMinutes)} after signing in.
          </p>
        )}
      </Card>
      <SignInSettingsCard />
      <DutySettingsCard />
      <InboxSettingsCard />
      <SiteSettingsSection />
      <PostersCard channels={posterChannels} />
      <NotificationSettingsCard brand={brand} />
      <WebhooksCard />
      <BackupsCard />
    </div>
  );
}
