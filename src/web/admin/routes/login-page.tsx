import { useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from '../../features/admin-auth/login-form.tsx';
import { DASHBOARD_PATH, safeNextPath } from '../paths.ts';

export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next')) ?? DASHBOARD_PATH;

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-10">
      <title>Admin Login · Sampark</title>
      <div className="w-full max-w-sm">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <p className="text-sm font-semibold tracking-wide text-indigo-600 uppercase">Sampark</p>
          <h1 className="mt-1 mb-6 text-2xl font-bold text-slate-900">Admin Login</h1>
          <LoginForm onSignedIn={() => navigate(next, { replace: true })} />
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
