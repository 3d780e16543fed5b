import { Link } from 'react-router';
import { buttonClassName } from '../../ui/button.tsx';
import { AdminPageHeader } from '../layout/admin-page-header.tsx';
import { DASHBOARD_PATH } from '../paths.ts';

export function NotFoundPage() {
  return (
    <div className="mx-auto max-w-4xl">
      <AdminPageHeader title="Page not found" subtitle="There is no admin screen at this address." />
      <Link to={DASHBOARD_PATH} className={buttonClassName('secondary')}>
        Go to the dashboard
      </Link>
    </div>
  );
}
