import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { REAUTHENTICATION_WINDOW_MINUTES } from '../../../shared/rules/admin-auth.ts';
import { ApiRequestError, errorMessage, setReauthenticationPrompt } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { reauthenticate, useTwoFactorStatus } from './api.ts';

type Method = 'password' | 'code';

const FIELDS: Record<Method, { label: string; autoComplete: string; inputMode?: 'numeric' }> = {
  password: { label: 'Password', autoComplete: 'current-password' },
  code: { label: 'Authenticator code', autoComplete: 'one-time-code', inputMode: 'numeric' },
};

/**
 * "Confirm it is you" (decision 049): opened when a sensitive change is refused for want of a recent password,
 * over the screen the user is on, so nothing typed there is lost; the change is sent again once they confirm.
 */
export function ReauthenticationPrompt({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  // An authenticator code is offered to those who have one.
  const twoFactor = useTwoFactorStatus({ enabled: open }).data?.enabled === true;
  const [method, setMethod] = useState<Method>('password');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);
  const formId = useId();

  useEffect(
    () =>
      setReauthenticationPrompt(
        () =>
          new Promise<boolean>((resolve) => {
            answer.current = resolve;
            setMethod('password');
            setValue('');
            setError(undefined);
            setOpen(true);
          }),
      ),
    [],
  );

  const finish = (confirmed: boolean) => {
    setOpen(false);
    answer.current?.(confirmed);
    answer.current = null;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value) {
      setError(method === 'password' ? 'Enter your password' : 'Enter the code your authenticator app shows');
      return;
    }
    setPending(true);
    try {
      await reauthenticate(method === 'password' ? { password: value } : { code: value });
      finish(true);
    } catch (failure) {
      const fieldError = failure instanceof ApiRequestError ? failure.fieldErrors[method] : undefined;
      setError(fieldError ?? errorMessage(failure, 'Could not confirm. Please try again.'));
    } finally {
      setPending(false);
    }
  };

  const field = FIELDS[method];
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) finish(false);
      }}
      title="Confirm it is you"
      description={`This change needs your ${method === 'password' ? 'password' : 'authenticator code'}. You will not be asked again for ${REAUTHENTICATION_WINDOW_MINUTES} minutes.`}
      className="max-w-md"
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => finish(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={pending}>
            {pending ? 'Confirming...' : 'Confirm'}
          </Button>
        </div>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-3">
        {/* Lets password managers fill in the password of the right account. */}
        <input type="text" name="username" value={email} autoComplete="username" readOnly hidden />
        <TextField
          key={method}
          type={method === 'password' ? 'password' : 'text'}
          label={field.label}
          autoComplete={field.autoComplete}
          inputMode={field.inputMode}
          autoFocus
          value={value}
          error={error}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
        />
        {twoFactor && (
          <Button
            variant="ghost"
            onClick={() => {
              setMethod(method === 'password' ? 'code' : 'password');
              setValue('');
              setError(undefined);
            }}
          >
            {method === 'password' ? 'Use an authenticator code instead' : 'Use your password instead'}
          </Button>
        )}
      </form>
    </Modal>
  );
}
