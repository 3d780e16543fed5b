import { useEffect, useState } from 'react';
import { TwoFactorSignInSchema } from '../../../shared/contracts/two-factor.ts';
import { ApiRequestError, errorCode } from '../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button.tsx';
import { TextField, VERBATIM_INPUT } from '../../ui/text-field.tsx';
import { useTwoFactorLogin } from './api.ts';
import { SignInStepForm } from './sign-in-step-form.tsx';

type Method = 'code' | 'recoveryCode';

export interface TwoFactorSignInStepProps {
  onSignedIn: () => void;
  /** Back to the password, with why (the sign-in expired) or without (the person chose to). */
  onRestart: (reason: string | null) => void;
}

function failureMessage(error: unknown): string {
  // The throttle's message says when to try again; a disabled account is told so.
  if (
    error instanceof ApiRequestError &&
    (error.status === 429 || error.status === 403) &&
    error.hasServerMessage
  )
    return error.message;
  return 'Sign-in failed. Please try again.';
}

function SecondFactorForm({ method, onSignedIn, onRestart }: TwoFactorSignInStepProps & { method: Method }) {
  const verify = useTwoFactorLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const { field, ...form } = useZodForm(TwoFactorSignInSchema, {
    defaultValues: method === 'code' ? { code: '' } : { recoveryCode: '' },
  });
  const { setFocus } = form;

  // The password field this replaced had the focus: the code field takes it.
  useEffect(() => setFocus(method), [setFocus, method]);

  const onSubmit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      await verify.mutateAsync(input);
      onSignedIn();
    } catch (error) {
      if (error instanceof ApiRequestError && errorCode(error) === 'SIGN_IN_EXPIRED') {
        onRestart(error.message);
        return;
      }
      if (applyServerFieldErrors(error, form.setError, [method])) return;
      setFailure(failureMessage(error));
    }
  });
  const busy = form.formState.isSubmitting || verify.isPending;

  return (
    <SignInStepForm
      onSubmit={onSubmit}
      failure={failure}
      busy={busy}
      submitLabel="Verify"
      busyLabel="Checking..."
    >
      {method === 'code' ? (
        <TextField
          label="Authentication code"
          hint="The 6-digit code your authenticator app shows for this site."
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          {...field('code')}
        />
      ) : (
        <TextField
          label="Recovery code"
          hint="One of the codes you saved when you set up two-factor sign-in. Each works once."
          required
          {...VERBATIM_INPUT}
          {...field('recoveryCode')}
        />
      )}
    </SignInStepForm>
  );
}

/** The sign-in's second step, after the right password: a code from the authenticator app, or a recovery code. */
export function TwoFactorSignInStep({ onSignedIn, onRestart }: TwoFactorSignInStepProps) {
  const [method, setMethod] = useState<Method>('code');
  return (
    <section aria-labelledby="two-factor-step-title" className="space-y-4">
      <div>
        <h2 id="two-factor-step-title" className="text-lg font-semibold text-slate-900">
          Two-factor sign-in
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {method === 'code'
            ? 'Open your authenticator app and enter the code it shows.'
            : 'Lost your phone? Enter one of your recovery codes instead.'}
        </p>
      </div>
      <SecondFactorForm key={method} method={method} onSignedIn={onSignedIn} onRestart={onRestart} />
      <div className="flex flex-col items-start gap-1 text-sm">
        <Button
          variant="ghost"
          className="px-0 text-indigo-700 underline-offset-2 hover:bg-transparent hover:underline"
          onClick={() => setMethod(method === 'code' ? 'recoveryCode' : 'code')}
        >
          {method === 'code' ? 'Use a recovery code' : 'Use the authenticator app instead'}
        </Button>
        <Button
          variant="ghost"
          className="px-0 text-slate-600 underline-offset-2 hover:bg-transparent hover:underline"
          onClick={() => onRestart(null)}
        >
          Start over with your password
        </Button>
      </div>
    </section>
  );
}
