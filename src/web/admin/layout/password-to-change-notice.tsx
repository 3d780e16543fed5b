import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, buttonClassName } from '../../ui/button.tsx';
import { PROFILE_PATH } from '../paths.ts';
import { useSignedInAdmin } from '../signed-in-admin.ts';

/**
 * While the signed-in user's password is one someone else chose (generated at the first start, by the `admin`
 * command, or set by the administrator who added them), every screen but My Profile suggests choosing their
 * own there. Dismissed for the rest of this visit; it comes back at the next until they do.
 */
export function PasswordToChangeNotice() {
  const admin = useSignedInAdmin();
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(false);
  const onProfile = pathname.replace(/\/+$/, '').toLowerCase() === PROFILE_PATH;
  if (!admin.passwordToChange || dismissed || onProfile) return null;

  return (
    <div
      role="status"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm text-indigo-950"
    >
      <p className="min-w-0 flex-1">
        <strong className="font-semibold">Choose your own password.</strong> The one you signed in with was
        chosen for you, and may have been seen by someone else.
      </p>
      <Link to={PROFILE_PATH} className={buttonClassName('primary')}>
        Change password
      </Link>
      <Button variant="secondary" onClick={() => setDismissed(true)}>
        Not now
      </Button>
    </div>
  );
}
