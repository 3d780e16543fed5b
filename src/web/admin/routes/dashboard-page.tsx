import { Contact, Newspaper } from 'lucide-react';
import { adminPath } from '../../../shared/pages/admin-paths.ts';
import { InquiryStatCards } from '../../features/contact-inquiries/inquiry-stat-cards.tsx';
import { useDashboard } from '../../features/dashboard/api.ts';
import { InquiriesChart } from '../../features/dashboard/inquiries-chart.tsx';
import { RecentUnreadList } from '../../features/dashboard/recent-unread-list.tsx';
import { LoadFailed } from '../../ui/load-failed.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { StatCard, StatGrid } from '../../ui/stat-card.tsx';
import { AdminPageHeader } from '../layout/admin-page-header.tsx';

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

export function DashboardPage() {
  const dashboard = useDashboard();
  const data = dashboard.data;
  return (
    <div className="mx-auto max-w-6xl">
      <AdminPageHeader title="Dashboard" subtitle="Inquiries, contact channels and blog posts at a glance" />
      {data ? (
        <div className="space-y-6">
          <InquiryStatCards stats={data.stats} />
          <div className="grid gap-6 lg:grid-cols-3">
            <InquiriesChart perDay={data.perDay} className="lg:col-span-2" />
            <RecentUnreadList inquiries={data.recentUnread} />
          </div>
          <StatGrid label="Site content" columns="grid-cols-1 sm:grid-cols-2">
            {SITE_CONTENT_STATS.map(({ label, count, icon, tone, page }) => (
              <StatCard
                key={label}
                label={label}
                value={data[count]}
                icon={icon}
                tone={tone}
                to={adminPath(page)}
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
