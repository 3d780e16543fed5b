import { useState } from 'react';
import { toast } from 'sonner';
import type { SignInSettings } from '../../../shared/contracts/site-settings.ts';
import { errorMessage, isSessionError } from '../../lib/api-client.ts';
import { Card } from '../../ui/card.tsx';
import { QueryContent } from '../../ui/query-content.tsx';
import { Switch } from '../../ui/switch.tsx';
import { useSaveSignInSettings, useSignInSettings } from './api.ts';

const SWITCH_ID = 'require-two-factor';

function RequireTwoFactorSwitch({ settings }: { settings: SignInSettings }) {
  const save = useSaveSignInSettings();
  const [refusal, setRefusal] = useState<string | null>(null);
  const checked = save.isPending
    ? (save.variables?.requireTwoFactorForAdministrators ?? settings.requireTwoFactorForAdministrators)
    : settings.requireTwoFactorForAdministrators;

  const onCheckedChange = (on: boolean) => {
    setRefusal(null);
    save.mutateAsync({ requireTwoFactorForAdministrators: on }).then(
      (result) => toast.success(result.message),
      (error: unknown) => {
        if (!isSessionError(error))
          setRefusal(errorMessage(error, 'The sign-in settings could not be saved'));
      },
    );
  };

  return (
    <div className="mt-3 space-y-2">
      <div className="flex items-start justify-between gap-4">
        <div>
          <label htmlFor={SWITCH_ID} className="text-sm font-medium text-slate-900">
            Require two-factor sign-in for administrators
          </label>
          <p id={`${SWITCH_ID}-hint`} className="text-sm text-slate-600">
            An administrator without it is sent to My Profile to set it up, and can use nothing else until
            they have. Agents and editors choose for themselves.
          </p>
        </div>
        <Switch
          id={SWITCH_ID}
          aria-describedby={`${SWITCH_ID}-hint${refusal ? ` ${SWITCH_ID}-error` : ''}`}
          checked={checked}
          disabled={save.isPending}
          onCheckedChange={onCheckedChange}
        />
      </div>
      <p id={`${SWITCH_ID}-error`} role="alert" className="text-sm text-red-700 empty:hidden">
        {refusal}
      </p>
    </div>
  );
}

/** Settings' Sign-in card: whether administrators must use two-factor sign-in. */
export function SignInSettingsCard() {
  const settings = useSignInSettings();
  return (
    <Card titleId="sign-in-settings-title" title="Sign-in">
      <QueryContent query={settings} noun="sign-in settings" look="card">
        {(data) => <RequireTwoFactorSwitch settings={data} />}
      </QueryContent>
    </Card>
  );
}
