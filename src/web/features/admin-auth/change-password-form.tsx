import { toast } from 'sonner';
import { z } from 'zod';
import { ChangePasswordSchema } from '../../../shared/contracts/admin-auth.ts';
import { ADMIN_PASSWORD_MIN_LENGTH } from '../../../shared/rules/admin-auth.ts';
import { errorMessage, isSessionError } from '../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useChangePassword } from './api.ts';

// The confirmation is a typing check for this screen only; the server never sees it.
const ChangePasswordFormSchema = ChangePasswordSchema.safeExtend({
  confirmPassword: z.string().min(1, 'Confirm the new password'),
}).refine((input) => input.confirmPassword === input.newPassword, {
  path: ['confirmPassword'],
  message: 'The passwords do not match',
});

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

const PASSWORD_FIELDS = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  {
    name: 'newPassword',
    label: 'New password',
    autoComplete: 'new-password',
    hint: `At least ${ADMIN_PASSWORD_MIN_LENGTH} characters. Other devices signed in to this account are signed out.`,
  },
  { name: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
] as const;

export function ChangePasswordForm({ email }: { email: string }) {
  const change = useChangePassword();
  const { field, ...form } = useZodForm(ChangePasswordFormSchema, {
    defaultValues: EMPTY,
    mode: 'onTouched',
  });

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutateAsync({ currentPassword, newPassword }).then(
      () => {
        toast.success('Password changed successfully');
        form.reset(EMPTY);
      },
      (error: unknown) => {
        if (isSessionError(error)) return;
        if (applyServerFieldErrors(error, form.setError, ['currentPassword', 'newPassword'])) return;
        toast.error(errorMessage(error, 'Failed to change password'));
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="text-lg font-semibold text-slate-900">
        Change password
      </h2>
      {/* Lets password managers pair the new password with the right account. */}
      <input type="text" name="username" value={email} autoComplete="username" readOnly hidden />
      {PASSWORD_FIELDS.map(({ name, ...input }) => (
        <TextField key={name} type="password" {...input} {...field(name)} />
      ))}
      <Button type="submit" disabled={change.isPending} className="w-full sm:w-auto">
        {change.isPending ? 'Changing...' : 'Change password'}
      </Button>
    </form>
  );
}
