import { Contact, Newspaper } from 'lucide-react';
import { adminPath } from '../../../shared/pages/admin-paths.ts';
import { canUse, type Role } from '../../../shared/rules/roles.ts';
import { InquiryStatCards } from '../../features/contact-inquiries/inquiry-stat-cards.tsx';
import { useDashboard } from '../../features/dashboard/api.ts';
import { ClicksAndViewsCards } from '../../features/dashboard/clicks-and-views.tsx';
import { InquiriesChart } from '../../features/dashboard/inquiries-chart.tsx';
import { RecentUnreadList } from '../../features/dashboard/recent-unread-list.tsx';
import { SecurityNoticesCard } from '../../features/dashboard/security-notices-card.tsx';
import { LoadFailed } from '../../ui/load-failed.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { StatCard, StatGrid } from '../../ui/stat-card.tsx';
import { canOpen } from '../access.ts';
import { AdminPageHeader } from '../layout/admin-page-header.tsx';
import { useSignedInAdmin } from '../signed-in-admin.ts';

const SITE_CONTENT_STATS = [
  { label: 'Published posts', count: 'publishedPosts', icon: Newspaper, tone: 'indigo', page: 'blog' },
  {
    label: 'Active contact channels',
    count: 'activeContacts',
    icon: Contact,
    tone: 'green',
    page: 'contact',
  },
] as const;

/** What the dashboard shows someone of this role: the inquiries only to those who may open the inbox. */
function dashboardFor(role: Role) {
  const inquiries = canOpen(role, 'inquiries');
  return {
    inquiries,
    subtitle: inquiries
      ? 'Inquiries, contact channels and blog posts at a glance'
      : 'Blog posts and contact channels at a glance',
  };
}

export function DashboardPage() {
  const { role } = useSignedInAdmin();
  const { inquiries, subtitle } = dashboardFor(role);
  const dashboard = useDashboard();
  const data = dashboard.data;
  return (
    <div className="mx-auto max-w-6xl">
      <AdminPageHeader title="Dashboard" subtitle={subtitle} />
      {data ? (
        <div className="space-y-6">
          {inquiries && (
            <>
              <InquiryStatCards stats={data.stats} />
              <div className="grid gap-6 lg:grid-cols-3">
                <InquiriesChart perDay={data.perDay} className="lg:col-span-2" />
                <RecentUnreadList inquiries={data.recentUnread} />
              </div>
            </>
          )}
          {canUse(role, 'administration') && <SecurityNoticesCard notices={data.securityNotices} />}
          <ClicksAndViewsCards canReset={canUse(role, 'administration')} />
          <StatGrid label="Site content" columns="grid-cols-1 sm:grid-cols-2">
            {SITE_CONTENT_STATS.map(({ label, count, icon, tone, page }) => (
              <StatCard
                key={label}
                label={label}
                value={data[count]}
                icon={icon}
                tone={tone}
                // A figure links to its screen only for those who may open it.
                to={canOpen(role, page) ? adminPath(page) : undefined}
              />
            ))}
          </StatGrid>
        </div>
      ) : dashboard.isError ? (
        <LoadFailed onRetry={() => void dashboard.refetch()}>The dashboard could not be loaded.</LoadFailed>
      ) : (
        <LoadingState label="Loading dashboard..." />
      )}
    </div>
  );
}
