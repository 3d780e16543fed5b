import { AuditLogScreen } from '../../features/audit-log/audit-log-screen.tsx';
import { AdminPageHeader } from '../layout/admin-page-header.tsx';

export function AuditLogPage() {
  return (
    <div className="mx-auto max-w-6xl">
      <AdminPageHeader title="Audit log" subtitle="Who signed in and who changed what, when and from where" />
      <AuditLogScreen />
    </div>
  );
}
