import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from '../../features/admin-auth/login-form.tsx';
import { useBrandName } from '../admin-brand.tsx';
import { DASHBOARD_PATH, loginPageState, safeNextPath } from '../paths.ts';

export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next')) ?? DASHBOARD_PATH;
  const brand = useBrandName();
  // Sent here by another screen (a password just set from an invitation): its email, and why.
  const handedOver = loginPageState(useLocation().state);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-10">
      <title>{brand ? `Admin Login · ${brand}` : 'Admin Login'}</title>
      <div className="w-full max-w-sm">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {/* The line keeps its height while the brand loads, so the form does not move. */}
          <p className="min-h-5 text-sm font-semibold tracking-wide text-indigo-600 uppercase">{brand}</p>
          <h1 className="mt-1 mb-6 text-2xl font-bold text-slate-900">Admin Login</h1>
          {handedOver && (
            <p role="status" className="mb-4 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800">
              {handedOver.notice}
            </p>
          )}
          <LoginForm email={handedOver?.email} onSignedIn={() => navigate(next, { replace: true })} />
        </div>
        <p className="mt-6 text-center text-sm">
          <a href="/" className="text-slate-600 underline-offset-2 hover:underline">
            Back to the site
          </a>
        </p>
      </div>
    </main>
  );
}
