import { useEffect, useId, useRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_MAX_LENGTH } from '../../../shared/rules/fields.ts';
import { GENERATED_PASSWORD_LENGTH, MEMBER_PASSWORD_MIN_LENGTH } from '../../../shared/rules/members.ts';
import { cx } from '../../lib/class-names.ts';
import { TextField } from '../../ui/text-field.tsx';
import type { PasswordChoice } from './member-form.ts';

const CHOICES: readonly { value: PasswordChoice; label: string; hint: string }[] = [
  {
    value: 'generate',
    label: 'Generate a password',
    hint: `A random ${GENERATED_PASSWORD_LENGTH}-character password, shown to you once.`,
  },
  { value: 'type', label: 'Type a password', hint: 'For a password agreed with the member.' },
];

export interface PasswordChoiceFieldsProps {
  choice: PasswordChoice;
  /** The form's `register`, for the radio pair and the typed password. */
  register: (
    name: 'passwordChoice' | 'password',
    options?: { shouldUnregister: boolean },
  ) => UseFormRegisterReturn;
  passwordError?: string;
}

/**
 * "Generate a password" (the default) or "Type a password", with the password field for the latter; the
 * field takes the focus when the admin picks "Type a password".
 */
export function PasswordChoiceFields({ choice, register, passwordError }: PasswordChoiceFieldsProps) {
  const id = useId();
  const choiceField = register('passwordChoice');
  // Unregistered when hidden: a password typed and then given up is not kept, nor checked.
  const passwordField = register('password', { shouldUnregister: true });
  const passwordInput = useRef<HTMLInputElement | null>(null);
  const focusWhenShown = useRef(false);
  useEffect(() => {
    if (choice !== 'type' || !focusWhenShown.current) return;
    focusWhenShown.current = false;
    passwordInput.current?.focus();
  }, [choice]);

  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">Password</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {CHOICES.map((option) => (
          <label
            key={option.value}
            className={cx(
              'flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600',
              choice === option.value ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300 bg-white',
            )}
          >
            <input
              type="radio"
              value={option.value}
              aria-describedby={`${id}-${option.value}`}
              className="mt-0.5 size-4 accent-indigo-600"
              {...choiceField}
              onChange={(event) => {
                focusWhenShown.current = event.target.value === 'type';
                return choiceField.onChange(event);
              }}
            />
            <span>
              <span className="block font-medium text-slate-900">{option.label}</span>
              <span id={`${id}-${option.value}`} className="block text-slate-600">
                {option.hint}
              </span>
            </span>
          </label>
        ))}
      </div>
      {choice === 'type' && (
        <TextField
          label="Password"
          // Plain text: the admin hands this password on, and a browser must not save it as the admin's own.
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={PASSWORD_MAX_LENGTH}
          hint={`At least ${MEMBER_PASSWORD_MIN_LENGTH} characters.`}
          error={passwordError}
          className="font-mono"
          {...passwordField}
          ref={(input) => {
            passwordInput.current = input;
            passwordField.ref(input);
          }}
        />
      )}
    </fieldset>
  );
}
