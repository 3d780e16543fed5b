import { useLocation, useNavigate } from 'react-router';
import { SiteTimeZone } from '../../features/site-settings/site-time-zone.tsx';
import { InvitationForm } from '../../features/team/invitation-form.tsx';
import { SignedOutPage } from '../layout/signed-out-page.tsx';
import { LOGIN_PATH, type LoginPageState } from '../paths.ts';

/**
 * Where an invitation link leads (`/admin/invitation#<token>`): the invited person sets their password,
 * then signs in. No session is needed; the token stays in the address's fragment, never sent in a request
 * line or a Referer.
 */
export function InvitationPage() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const token = hash.replace(/^#/, '');

  const signIn = (email: string) => {
    const state: LoginPageState = {
      email,
      notice: 'Your password is set. Sign in with it to start.',
    };
    void navigate(LOGIN_PATH, { replace: true, state });
  };

  return (
    <SignedOutPage title="Set your password">
      <SiteTimeZone>
        <InvitationForm token={token} onAccepted={signIn} />
      </SiteTimeZone>
    </SignedOutPage>
  );
}
