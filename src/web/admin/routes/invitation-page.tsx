import { useLocation, useNavigate } from 'react-router';
import { SiteTimeZone } from '../../features/site-settings/site-time-zone.tsx';
import { InvitationForm } from '../../features/team/invitation-form.tsx';
import { useBrandName } from '../admin-brand.tsx';
import { LOGIN_PATH, type LoginPageState } from '../paths.ts';

/**
 * Where an invitation link leads (`/admin/invitation#<token>`): the invited person sets their password,
 * then signs in. No session is needed; the token stays in the address's fragment, never sent in a request
 * line or a Referer.
 */
export function InvitationPage() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const brand = useBrandName();
  const token = hash.replace(/^#/, '');

  const signIn = (email: string) => {
    const state: LoginPageState = {
      email,
      notice: 'Your password is set. Sign in with it to start.',
    };
    void navigate(LOGIN_PATH, { replace: true, state });
  };

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-10">
      <title>{brand ? `Set your password · ${brand}` : 'Set your password'}</title>
      <div className="w-full max-w-sm">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <p className="min-h-5 text-sm font-semibold tracking-wide text-indigo-600 uppercase">{brand}</p>
          <SiteTimeZone>
            <InvitationForm token={token} onAccepted={signIn} />
          </SiteTimeZone>
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
