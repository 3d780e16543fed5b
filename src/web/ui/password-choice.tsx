import { useEffect, useId, useRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_MAX_LENGTH } from '../../shared/rules/fields.ts';
import { cx } from '../lib/class-names.ts';
import { TYPED_PASSWORD_CHOICE } from '../lib/password-choice.ts';
import { ChoiceCard } from './choice-card.tsx';
import { TextField } from './text-field.tsx';

export interface PasswordChoiceOption<Choice extends string> {
  value: Choice;
  label: string;
  hint: string;
}

export interface PasswordChoiceFieldsProps<Choice extends string> {
  /** The ways offered, the default first; the one of value 'type' shows the password field. */
  options: readonly PasswordChoiceOption<Choice>[];
  choice: Choice;
  /** The form's `register`, for the radio group and the typed password. */
  register: (
    name: 'passwordChoice' | 'password',
    options?: { shouldUnregister: boolean },
  ) => UseFormRegisterReturn;
  /** Under the typed password, e.g. its least length. */
  passwordHint: string;
  passwordError?: string;
}

/**
 * How a password comes about ("Generate a password", the default, "Type a password", or others such as an
 * invitation link), with the password field for "Type a password", which takes the focus when picked.
 */
export function PasswordChoiceFields<Choice extends string>({
  options,
  choice,
  register,
  passwordHint,
  passwordError,
}: PasswordChoiceFieldsProps<Choice>) {
  const id = useId();
  const choiceField = register('passwordChoice');
  // Unregistered when hidden: a password typed and then given up is not kept, nor checked.
  const passwordField = register('password', { shouldUnregister: true });
  const passwordInput = useRef<HTMLInputElement | null>(null);
  const focusWhenShown = useRef(false);
  const typing = choice === TYPED_PASSWORD_CHOICE;
  useEffect(() => {
    if (!typing || !focusWhenShown.current) return;
    focusWhenShown.current = false;
    passwordInput.current?.focus();
  }, [typing]);

  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">Password</legend>
      {/* Two side by side; more, one under the other, so their hints stay readable. */}
      <div className={cx('grid gap-2', options.length === 2 && 'sm:grid-cols-2')}>
        {options.map((option) => (
          <ChoiceCard
            key={option.value}
            selected={choice === option.value}
            label={option.label}
            hint={option.hint}
            hintId={`${id}-${option.value}`}
          >
            <input
              type="radio"
              value={option.value}
              aria-describedby={`${id}-${option.value}`}
              className="mt-0.5 size-4 accent-indigo-600"
              {...choiceField}
              onChange={(event) => {
                focusWhenShown.current = event.target.value === TYPED_PASSWORD_CHOICE;
                return choiceField.onChange(event);
              }}
            />
          </ChoiceCard>
        ))}
      </div>
      {typing && (
        <TextField
          label="Password"
          // Plain text: the admin hands this password on, and a browser must not save it as the admin's own.
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={PASSWORD_MAX_LENGTH}
          hint={passwordHint}
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
