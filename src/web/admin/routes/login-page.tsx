import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from '../../features/admin-auth/login-form.tsx';
import { SignedOutPage } from '../layout/signed-out-page.tsx';
import { DASHBOARD_PATH, loginPageState, safeNextPath } from '../paths.ts';

export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next')) ?? DASHBOARD_PATH;
  // Sent here by another screen (a password just set from an invitation): its email, and why.
  const handedOver = loginPageState(useLocation().state);

  return (
    <SignedOutPage title="Admin Login">
      <h1 className="mt-1 mb-6 text-2xl font-bold text-slate-900">Admin Login</h1>
      {handedOver && (
        <p role="status" className="mb-4 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800">
          {handedOver.notice}
        </p>
      )}
      <LoginForm email={handedOver?.email} onSignedIn={() => navigate(next, { replace: true })} />
    </SignedOutPage>
  );
}
