import { useState } from 'react';
import { toast } from 'sonner';
import type { SignInSettings } from '../../../shared/contracts/site-settings.ts';
import { errorMessage, isSessionError } from '../../lib/api-client.ts';
import { Card } from '../../ui/card.tsx';
import { QueryContent } from '../../ui/query-content.tsx';
import { SettingSwitch } from '../../ui/setting-switch.tsx';
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
    <SettingSwitch
      className="mt-3"
      id={SWITCH_ID}
      label="Require two-factor sign-in for administrators"
      hint="An administrator without it is sent to My Profile to set it up, and can use nothing else until they have. Agents and editors choose for themselves."
      checked={checked}
      disabled={save.isPending}
      refusal={refusal}
      onCheckedChange={onCheckedChange}
    />
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
