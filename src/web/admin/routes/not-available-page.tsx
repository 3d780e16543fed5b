import { Link } from 'react-router';
import { ROLE_LABELS } from '../../../shared/rules/roles.ts';
import { buttonClassName } from '../../ui/button.tsx';
import { AdminPageHeader } from '../layout/admin-page-header.tsx';
import { DASHBOARD_PATH } from '../paths.ts';
import { useSignedInAdmin } from '../signed-in-admin.ts';

/** Shown instead of a screen the signed-in user's role may not use (opened by its address). */
export function NotAvailablePage() {
  const { role } = useSignedInAdmin();
  return (
    <div className="mx-auto max-w-4xl">
      <AdminPageHeader
        title="Not available for your role"
        subtitle={`This screen is not part of what the ${ROLE_LABELS[role]} role can use. An administrator can change your role if you need it.`}
      />
      <Link to={DASHBOARD_PATH} className={buttonClassName('secondary')}>
        Go to the dashboard
      </Link>
    </div>
  );
}
