import { useEffect, useRef, useState } from 'react';
import { LoginSchema } from '../../../shared/contracts/admin-auth.ts';
import { INVALID_CREDENTIALS_MESSAGE } from '../../../shared/rules/admin-auth.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { useLogin, useLoginInfo } from './api.ts';
import { SignInStepForm } from './sign-in-step-form.tsx';
import { TwoFactorSignInStep } from './two-factor-sign-in-step.tsx';

function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 401) return INVALID_CREDENTIALS_MESSAGE;
    // The throttle's message says when to try again.
    if (error.status === 429 && error.hasServerMessage) return error.message;
  }
  return 'Login failed. Please try again.';
}

/** On a demonstration site, the credentials to sign in with. */
function DemoCredentials({ email, password }: { email: string; password: string }) {
  return (
    <section
      aria-labelledby="demo-credentials"
      className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm"
    >
      <h2 id="demo-credentials" className="font-semibold text-amber-900">
        Demo credentials
      </h2>
      <p className="mt-1 text-amber-900">This is a demonstration site. Sign in with:</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-amber-900">
        <dt>Email:</dt>
        <dd className="font-mono break-all">{email}</dd>
        <dt>Password:</dt>
        <dd className="font-mono break-all">{password}</dd>
      </dl>
    </section>
  );
}

export interface LoginFormProps {
  onSignedIn: () => void;
  /** Filled in already (a password just set from an invitation): the password takes the focus. */
  email?: string | undefined;
}

export function LoginForm({ onSignedIn, email = '' }: LoginFormProps) {
  const login = useLogin();
  const loginInfo = useLoginInfo();
  const [failure, setFailure] = useState<string | null>(null);
  // The password was right and the account has a second factor: its code completes the sign-in.
  const [secondStep, setSecondStep] = useState(false);
  const { field, ...form } = useZodForm(LoginSchema, { defaultValues: { email, password: '' } });
  const { setFocus } = form;
  const restarted = useRef(false);
  // An email given (back from an invitation): the password is what is left to type.
  useEffect(() => {
    if (email) setFocus('password');
  }, [email, setFocus]);

  // Back from the second step, the password is asked again: its field takes the focus.
  useEffect(() => {
    if (!secondStep && restarted.current) {
      restarted.current = false;
      setFocus('password');
    }
  }, [secondStep, setFocus]);

  const onSubmit = form.handleSubmit(async (credentials) => {
    setFailure(null);
    try {
      const result = await login.mutateAsync(credentials);
      if ('twoFactorRequired' in result) {
        setSecondStep(true);
        return;
      }
      onSignedIn();
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 400) {
        if (applyServerFieldErrors(error, form.setError, ['email', 'password'])) return;
      }
      setFailure(loginFailureMessage(error));
    }
  });

  const demo = loginInfo.data?.demoCredentials;
  const busy = form.formState.isSubmitting || login.isPending;

  if (secondStep) {
    return (
      <TwoFactorSignInStep
        onSignedIn={onSignedIn}
        onRestart={(reason) => {
          restarted.current = true;
          setSecondStep(false);
          setFailure(reason);
          form.resetField('password');
        }}
      />
    );
  }

  return (
    <SignInStepForm
      onSubmit={onSubmit}
      failure={failure}
      busy={busy}
      submitLabel="Sign In"
      busyLabel="Signing in..."
      after={demo && <DemoCredentials email={demo.email} password={demo.password} />}
    >
      <TextField label="Email" type="email" autoComplete="username" required {...field('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        {...field('password')}
      />
    </SignInStepForm>
  );
}
