import { CircleCheck, Clock, Inbox, Mail, Sparkles } from 'lucide-react';
import type { InquiryStats } from '../../../shared/contracts/contact-inquiries.ts';
import { StatCard, StatGrid } from '../../ui/stat-card.tsx';

/** The five inquiry counts (Total, New, In Progress, Resolved, Unread), on the inbox and the dashboard. */
export function InquiryStatCards({ stats, loading }: { stats: InquiryStats | undefined; loading?: boolean }) {
  return (
    <StatGrid label="Inquiry statistics" busy={loading}>
      <StatCard label="Total" value={stats?.total} icon={Inbox} tone="slate" />
      <StatCard label="New" value={stats?.new} icon={Sparkles} tone="blue" />
      <StatCard label="In Progress" value={stats?.inProgress} icon={Clock} tone="yellow" />
      <StatCard label="Resolved" value={stats?.resolved} icon={CircleCheck} tone="green" />
      <StatCard label="Unread" value={stats?.unread} icon={Mail} tone="indigo" />
    </StatGrid>
  );
}
