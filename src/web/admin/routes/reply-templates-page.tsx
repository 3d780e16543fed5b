import { ReplyTemplatesCard } from '../../features/contact-inquiries/reply-templates-card.tsx';
import { AdminPageHeader } from '../layout/admin-page-header.tsx';

export function ReplyTemplatesPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <AdminPageHeader
        title="Reply templates"
        subtitle="Answers the team sends often, filled in from each inquiry when you reply"
      />
      <ReplyTemplatesCard />
    </div>
  );
}
