import { useCurrentAdmin } from '../../features/admin-auth/api.ts';
import { PageHeader } from './page-header.tsx';

function formatMinutes(minutes: number): string {
  if (minutes % 60 === 0) return `${minutes / 60} hour${minutes === 60 ? '' : 's'}`;
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function SettingsPage() {
  const { data: admin } = useCurrentAdmin();
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageHeader title="Settings" />
      <section
        aria-labelledby="session-title"
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="session-title" className="text-lg font-semibold text-slate-900">
          Session
        </h2>
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
      </section>
      <p className="text-sm text-slate-500">
        Site settings (brand, phone number, figures) arrive in a coming release.
      </p>
    </div>
  );
}
