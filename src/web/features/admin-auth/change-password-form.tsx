import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { ChangePasswordSchema } from '../../../shared/contracts/admin-auth.ts';
import { ADMIN_PASSWORD_MIN_LENGTH } from '../../../shared/rules/admin-auth.ts';
import { errorMessage, isSessionError } from '../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
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
type ChangePasswordFormInput = z.input<typeof ChangePasswordFormSchema>;
type ChangePasswordFormOutput = z.output<typeof ChangePasswordFormSchema>;

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm({ email }: { email: string }) {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordFormInput, unknown, ChangePasswordFormOutput>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutateAsync({ currentPassword, newPassword }).then(
      () => {
        toast.success('Password changed successfully');
        reset(EMPTY);
      },
      (error: unknown) => {
        if (isSessionError(error)) return;
        if (applyServerFieldErrors(error, setError, ['currentPassword', 'newPassword'])) return;
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
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${ADMIN_PASSWORD_MIN_LENGTH} characters. Other devices signed in to this account are signed out.`}
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" disabled={change.isPending} className="w-full sm:w-auto">
        {change.isPending ? 'Changing...' : 'Change password'}
      </Button>
    </form>
  );
}
