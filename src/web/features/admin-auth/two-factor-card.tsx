import { type ReactNode, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  TwoFactorCodeSchema,
  TwoFactorDisableSchema,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../../../shared/contracts/two-factor.ts';
import { RECOVERY_CODE_COUNT } from '../../../shared/rules/two-factor.ts';
import { errorMessage, isSessionError } from '../../lib/api-client.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Button, type ButtonVariant } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { QueryContent } from '../../ui/query-content.tsx';
import { TextField } from '../../ui/text-field.tsx';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRenewRecoveryCodes,
  useTwoFactorSetup,
  useTwoFactorStatus,
} from './api.ts';
import { FocusedPanel } from './focused-panel.tsx';
import { RecoveryCodesPanel } from './recovery-codes-panel.tsx';

/** The code field of every form here: what authenticator apps and phones' keyboards expect. */
const CODE_FIELD = {
  label: 'Code from the app',
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  required: true,
} as const;

/** A base32 secret in groups of four, easier to type into an app by hand. */
function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** The buttons of a form of this card: the one that sends it, waiting while it is sent, and Cancel. */
function SubmitOrCancel({
  variant,
  pending,
  onCancel,
  children,
}: {
  variant?: ButtonVariant;
  pending: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Button type="submit" variant={variant} disabled={pending}>
        {children}
      </Button>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

/** A form of this card: a code (or a password) and a button, with Cancel. */
function CodeForm({
  kind,
  submitLabel,
  busyLabel,
  onCancel,
  onDone,
}: {
  kind: 'enable' | 'renew';
  submitLabel: string;
  busyLabel: string;
  onCancel: () => void;
  onDone: (recoveryCodes: string[]) => void;
}) {
  const enable = useEnableTwoFactor();
  const renew = useRenewRecoveryCodes();
  const mutation = kind === 'enable' ? enable : renew;
  const { field, ...form } = useZodForm(TwoFactorCodeSchema, { defaultValues: { code: '' } });
  const onSubmit = form.handleSubmit((input) =>
    mutation.mutateAsync(input).then(
      (result) => {
        toast.success(result.message);
        onDone(result.recoveryCodes);
      },
      (error: unknown) => form.showRefusal(error, ['code'], 'The code could not be checked'),
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <TextField {...CODE_FIELD} {...field('code')} />
      <SubmitOrCancel pending={mutation.isPending} onCancel={onCancel}>
        {mutation.isPending ? busyLabel : submitLabel}
      </SubmitOrCancel>
    </form>
  );
}

function SetupPanel({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onEnabled: (recoveryCodes: string[]) => void;
}) {
  return (
    <FocusedPanel titleId="two-factor-setup-title" title="Set up your authenticator app">
      <ol className="list-decimal space-y-4 pl-5 text-sm text-slate-700">
        <li className="space-y-3">
          <p>
            Scan this QR code with an authenticator app on your phone, such as Google Authenticator, Microsoft
            Authenticator or 1Password.
          </p>
          <img
            src={setup.qrCode}
            alt="QR code to scan with your authenticator app"
            width={192}
            height={192}
            className="size-48 rounded-lg border border-slate-200 bg-white"
          />
          <p>
            Cannot scan it? Enter this setup key in the app instead:{' '}
            <code className="rounded-md bg-slate-100 px-2 py-1 font-mono text-sm break-all text-slate-900 select-all">
              {groupedSecret(setup.secret)}
            </code>
          </p>
        </li>
        <li className="space-y-3">
          <p>Enter the 6-digit code the app now shows for this site.</p>
          <CodeForm
            kind="enable"
            submitLabel="Turn on"
            busyLabel="Turning on..."
            onCancel={onCancel}
            onDone={onEnabled}
          />
        </li>
      </ol>
    </FocusedPanel>
  );
}

function DisableForm({
  email,
  onCancel,
  onDone,
}: {
  email: string;
  onCancel: () => void;
  onDone: () => void;
}) {
  const disable = useDisableTwoFactor();
  const { field, ...form } = useZodForm(TwoFactorDisableSchema, { defaultValues: { password: '' } });
  const onSubmit = form.handleSubmit((input) =>
    disable.mutateAsync(input).then(
      (result) => {
        toast.success(result.message);
        onDone();
      },
      (error: unknown) => form.showRefusal(error, ['password'], 'Two-factor sign-in could not be turned off'),
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      {/* Lets password managers fill the right account's password. */}
      <input type="text" name="username" value={email} autoComplete="username" readOnly hidden />
      <TextField
        label="Your password"
        type="password"
        autoComplete="current-password"
        hint="Signing in will then take your password alone."
        required
        {...field('password')}
      />
      <SubmitOrCancel variant="danger" pending={disable.isPending} onCancel={onCancel}>
        {disable.isPending ? 'Turning off...' : 'Turn off two-factor sign-in'}
      </SubmitOrCancel>
    </form>
  );
}

type Action = 'renew' | 'disable';

interface StateProps {
  status: TwoFactorStatus;
  /** Set after a change made here: the state shown next takes the focus, as the form that had it is gone. */
  takeFocus: boolean;
  onChanged: (recoveryCodes: string[] | null) => void;
}

function EnabledState({ status, email, takeFocus, onChanged }: StateProps & { email: string }) {
  const [action, setAction] = useState<Action | null>(null);
  const buttons = useRef<Record<Action, HTMLButtonElement | null>>({ renew: null, disable: null });
  const closed = useRef<Action | null>(takeFocus ? 'renew' : null);
  const left = status.recoveryCodesLeft;

  // Back from a form (or here after one), the button that opened it has the focus again.
  useEffect(() => {
    if (action === null && closed.current) {
      buttons.current[closed.current]?.focus();
      closed.current = null;
    }
  }, [action]);
  const close = () => {
    closed.current = action;
    setAction(null);
  };

  return (
    <div className="mt-3 space-y-4">
      <p className="text-sm text-slate-700">
        <span className="font-medium text-green-800">On</span>
        {status.enabledAt && (
          <>
            {' '}
            since <DateTime value={status.enabledAt} />
          </>
        )}
        . Signing in takes your password and a code from your authenticator app.
      </p>
      <p className={left <= 2 ? 'text-sm font-medium text-amber-800' : 'text-sm text-slate-700'}>
        {left} of {RECOVERY_CODE_COUNT} recovery codes left.
        {left <= 2 && ' Get new ones before you run out.'}
      </p>
      {action === null && (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button
            ref={(element) => {
              buttons.current.renew = element;
            }}
            variant="secondary"
            onClick={() => setAction('renew')}
          >
            New recovery codes
          </Button>
          <Button
            ref={(element) => {
              buttons.current.disable = element;
            }}
            variant="secondary"
            onClick={() => setAction('disable')}
          >
            Turn off
          </Button>
        </div>
      )}
      {action === 'renew' && (
        <section aria-label="New recovery codes" className="space-y-2">
          <p className="text-sm text-slate-700">
            Enter a code from your authenticator app. Your old recovery codes stop working.
          </p>
          <CodeForm
            kind="renew"
            submitLabel="Get new recovery codes"
            busyLabel="Checking..."
            onCancel={close}
            onDone={onChanged}
          />
        </section>
      )}
      {action === 'disable' && (
        <section aria-label="Turn off two-factor sign-in">
          <DisableForm email={email} onCancel={close} onDone={() => onChanged(null)} />
        </section>
      )}
    </div>
  );
}

function DisabledState({ status, takeFocus, onChanged }: StateProps) {
  const start = useTwoFactorSetup();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const refocus = useRef(takeFocus);

  // Here after turning it off, or back from a cancelled setup: the Set up button has the focus.
  useEffect(() => {
    if (setup === null && refocus.current) {
      refocus.current = false;
      startRef.current?.focus();
    }
  }, [setup]);

  const begin = () =>
    start.mutateAsync().then(setSetup, (error: unknown) => {
      if (!isSessionError(error)) toast.error(errorMessage(error, 'Two-factor sign-in could not be set up'));
    });

  return (
    <div className="mt-3 space-y-4">
      {status.required && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          This site requires two-factor sign-in for administrators. Set it up to use the rest of the back
          office.
        </p>
      )}
      <p className="text-sm text-slate-700">
        Off. With it on, signing in takes a code from an authenticator app on your phone as well as your
        password, so a stolen password alone does not let anyone in.
      </p>
      {setup ? (
        <SetupPanel
          setup={setup}
          onCancel={() => {
            refocus.current = true;
            setSetup(null);
          }}
          onEnabled={onChanged}
        />
      ) : (
        <Button ref={startRef} onClick={() => void begin()} disabled={start.isPending}>
          {start.isPending ? 'Preparing...' : 'Set up two-factor sign-in'}
        </Button>
      )}
    </div>
  );
}

/** My Profile's Two-factor sign-in card: set up with a QR code, recovery codes shown once, renew, turn off. */
export function TwoFactorCard({ email }: { email: string }) {
  const status = useTwoFactorStatus();
  // Kept here, above the on/off states: turning on changes the status while the codes are still to be saved.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [changed, setChanged] = useState(false);
  const onChanged = (codes: string[] | null) => {
    setChanged(true);
    setRecoveryCodes(codes);
  };
  return (
    <Card titleId="two-factor-title" title="Two-factor sign-in">
      {recoveryCodes ? (
        <RecoveryCodesPanel codes={recoveryCodes} email={email} onDone={() => setRecoveryCodes(null)} />
      ) : (
        <QueryContent query={status} noun="two-factor sign-in" look="card">
          {(data) =>
            data.enabled ? (
              <EnabledState status={data} email={email} takeFocus={changed} onChanged={onChanged} />
            ) : (
              <DisabledState status={data} takeFocus={changed} onChanged={onChanged} />
            )
          }
        </QueryContent>
      )}
    </Card>
  );
}
