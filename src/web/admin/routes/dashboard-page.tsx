import { Contact, Newspaper, RefreshCw } from 'lucide-react';
import { InquiriesChart } from '../../features/dashboard/inquiries-chart.tsx';
import { RecentUnreadList } from '../../features/dashboard/recent-unread-list.tsx';
import { useDashboard } from '../../features/inquiries/api.ts';
import { InquiryStatCards } from '../../features/inquiries/inquiry-stat-cards.tsx';
import { Button } from '../../ui/button.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { StatCard, StatGrid } from '../../ui/stat-card.tsx';
import { PageHeader } from './page-header.tsx';

export function DashboardPage() {
  const dashboard = useDashboard();
  const data = dashboard.data;
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Dashboard" subtitle="Inquiries, contact channels and blog posts at a glance" />
      {data ? (
        <div className="space-y-6">
          <InquiryStatCards stats={data.stats} />
          <div className="grid gap-6 lg:grid-cols-3">
            <InquiriesChart perDay={data.perDay} className="lg:col-span-2" />
            <RecentUnreadList inquiries={data.recentUnread} />
          </div>
          <StatGrid label="Site content" columns="grid-cols-1 sm:grid-cols-2">
            <StatCard
              label="Published posts"
              value={data.publishedPosts}
              icon={Newspaper}
              tone="indigo"
              to="/admin/blog"
            />
            <StatCard
              label="Active contact channels"
              value={data.activeContacts}
              icon={Contact}
              tone="green"
              to="/admin/contact"
            />
          </StatGrid>
        </div>
      ) : dashboard.isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
          <p className="font-medium text-red-800">The dashboard could not be loaded.</p>
          <Button variant="secondary" className="mt-4" onClick={() => void dashboard.refetch()}>
            <RefreshCw aria-hidden="true" className="size-4" />
            Try again
          </Button>
        </div>
      ) : (
        <LoadingState label="Loading dashboard..." />
      )}
    </div>
  );
}
