import { CircleCheck, Eye, EyeOff } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ACCOUNT_DELETION_LIMITS, DELETION_RETENTION_DAYS } from '../../../shared/rules/account-deletion.ts';
import { COUNTRY_CODES, DEFAULT_COUNTRY_CODE } from '../../../shared/rules/mobile-numbers.ts';
import type { PostedAccountDeletion } from '../../../shared/web-render.ts';
import type { Catalogues } from '../../i18n/catalogues.ts';
import { useCopy, useLocalize, usePageLocale } from '../../i18n/copy.tsx';
import { cx } from '../../lib/class-names.ts';
import { useLiveForm } from '../island-root.tsx';
import {
  type AccountDeletionRequest,
  type DeletionFailure,
  failureText,
  hasAllFields,
} from './delete-account-request.ts';
import { ACTION_BUTTON, DeletionConfirmation } from './deletion-confirmation.tsx';

/** The countries' names are keyed by their calling codes without the `+` (the `countries` catalogue). */
type CountryKey = keyof Catalogues['countries'];

const EMPTY_FORM: AccountDeletionRequest = { countryCode: DEFAULT_COUNTRY_CODE, mobile: '', password: '' };

// Focus scrolls a field below the sticky header, not under it.
const FIELD_CLASS =
  'block w-full scroll-mt-24 rounded-xl border bg-white px-3.5 py-2.5 text-base text-slate-900 placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-600';
const LABEL_CLASS = 'block text-sm font-medium text-slate-800';

type Step = 'form' | 'confirm';
type FocusTarget = 'confirm' | 'submit' | 'done' | 'mobile' | 'password';

/** The number the confirmation names: as typed, after its country code unless it was typed with `+`. */
function numberAsEntered({ countryCode, mobile }: AccountDeletionRequest): string {
  const typed = mobile.trim();
  return typed.startsWith('+') ? typed : `${countryCode} ${typed}`;
}

/** Where the page posted without script answers: the form's column, scrolled to below the sticky header. */
const FORM_ANCHOR = 'account-deletion';
/**
 * What the fields' ids begin with: fixed rather than React's `useId`, which numbers by the place in the whole
 * tree the server rendered, where the island (delete-account-island.tsx) hydrates the form on a root of its own.
 */
const ID = 'deletion-form';

/** The request's code, fetched when the confirmation opens (send-account-deletion.ts). */
const loadSending = () => import('./send-account-deletion.ts');

/**
 * The self-service deletion (decisions 011 and 052): the form, then the final confirmation, then the
 * request.
 *
 * - The delete button is aria-disabled until both fields are filled: it stays focusable and announced, and
 *   submitting anyway (Enter in a field) says 'Please fill in all fields'.
 * - Without script (or before it has loaded) the form posts itself: the server answers with this page in the
 *   step it reached, `posted` (decision 052).
 * - A wrong mobile or password goes back to the form, the message under the password, which is emptied.
 * - Focus follows the step: the confirmation's heading when it opens, the delete button after Cancel, the
 *   password after a wrong one, the success message after deleting. Results are announced by a status region
 *   and alerts.
 */
export function DeleteAccountForm({
  posted,
  onLive,
}: {
  posted: PostedAccountDeletion | null;
  /** Called once the form is live, with what was typed before: a click replayed then is the form's own. */
  onLive?: () => void;
}) {
  const copy = useCopy('account-deletion');
  const locale = usePageLocale();
  const localize = useLocalize();
  const countries = useCopy('countries');
  const id = ID;
  const typed = posted?.status === 'deleted' ? undefined : posted?.values;
  const [values, setValues] = useState<AccountDeletionRequest>(() =>
    typed ? { ...typed, countryCode: typed.countryCode || DEFAULT_COUNTRY_CODE, password: '' } : EMPTY_FORM,
  );
  const [step, setStep] = useState<Step>(posted?.status === 'confirm' ? 'confirm' : 'form');
  const [failure, setFailure] = useState<DeletionFailure | null>(
    (posted?.status === 'form' && posted.problem) || null,
  );
  const [sending, setSending] = useState(false);
  const [checking, setChecking] = useState(false);
  const [deleted, setDeleted] = useState(posted?.status === 'deleted');
  const [showPassword, setShowPassword] = useState(false);
  const action = `${localize('/delete-account')}#${FORM_ANCHOR}`;
  const refs = {
    confirm: useRef<HTMLHeadingElement>(null),
    submit: useRef<HTMLButtonElement>(null),
    done: useRef<HTMLDivElement>(null),
    mobile: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  } satisfies Record<FocusTarget, unknown>;
  /** Where focus goes once the next render is on screen. */
  const pendingFocus = useRef<FocusTarget | null>(null);

  const form = useRef<HTMLFormElement>(null);

  const hydrated = useLiveForm(form, setValues, onLive);
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    const element = refs[target].current;
    element?.focus({ preventScroll: true });
    // Below the sticky header (the targets' scroll margin), which focus alone would scroll it under.
    element?.scrollIntoView({ block: 'nearest' });
  });

  const filled = hasAllFields(values);
  const wrongPassword = step === 'form' && failure?.kind === 'invalidCredentials';
  const missing = step === 'form' && failure !== null && !wrongPassword;
  const fieldsMissing = failure?.kind === 'missingFields' || failure?.kind === 'invalid';
  const error = failure && failureText(failure, locale, copy);

  const change = (field: keyof AccountDeletionRequest, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFailure(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!filled) {
      setFailure({ kind: 'missingFields' });
      pendingFocus.current = values.mobile.trim() === '' ? 'mobile' : 'password';
      return;
    }
    setFailure(null);
    setDeleted(false);
    setStep('confirm');
    pendingFocus.current = 'confirm';
    // Ready by the time the visitor has read the confirmation; a failed load is tried again on confirming.
    loadSending().catch(() => {});
  };

  const cancel = () => {
    setFailure(null);
    setStep('form');
    pendingFocus.current = 'submit';
  };

  const confirm = async () => {
    setSending(true);
    setFailure(null);
    // A busy connection is asked to prove it is a person; what was typed stays as it is meanwhile.
    const outcome = await loadSending().then(
      ({ sendAccountDeletion }) => sendAccountDeletion(values, () => setChecking(true)),
      () => ({ deleted: false, kind: 'network' }) as const,
    );
    setSending(false);
    setChecking(false);
    if (!outcome.deleted) {
      setFailure(outcome);
      if (outcome.kind === 'invalidCredentials') {
        setValues((current) => ({ ...current, password: '' }));
        setStep('form');
        pendingFocus.current = 'password';
      }
      return;
    }
    setValues(EMPTY_FORM);
    setShowPassword(false);
    setStep('form');
    setDeleted(true);
    pendingFocus.current = 'done';
  };

  const fieldState = (field: 'mobile' | 'password', hint?: string) => {
    const invalid =
      (field === 'password' && wrongPassword) ||
      (missing &&
        fieldsMissing &&
        (field === 'mobile' ? values.mobile.trim() === '' : values.password === ''));
    return {
      id: `${id}-${field}`,
      name: field,
      'aria-invalid': invalid || undefined,
      'aria-describedby':
        cx(hint, missing && `${id}-error`, field === 'password' && wrongPassword && `${id}-password-error`) ||
        undefined,
      className: cx(FIELD_CLASS, invalid ? 'border-red-600' : 'border-slate-300'),
    };
  };

  return (
    <div id={FORM_ANCHOR} className="scroll-mt-24 space-y-4">
      <div role="status">
        {deleted && (
          <div
            ref={refs.done}
            tabIndex={-1}
            className="scroll-mt-24 rounded-2xl bg-green-50 p-6 text-green-900 ring-1 ring-green-200 focus:outline-none"
          >
            <h3 className="flex items-center gap-3 text-xl font-bold">
              <CircleCheck aria-hidden="true" className="size-7 shrink-0 text-green-700" />
              {copy('done.heading')}
            </h3>
            <p className="mt-2">{copy('done.body', { days: DELETION_RETENTION_DAYS })}</p>
            <a
              href={localize('/')}
              className="mt-3 inline-block rounded font-semibold text-green-900 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700"
            >
              {copy('done.homeLink')}
            </a>
          </div>
        )}
      </div>

      {step === 'confirm' ? (
        <DeletionConfirmation
          mobile={numberAsEntered(values)}
          native={
            posted?.status === 'confirm'
              ? { action, fields: { ...posted.values, confirmation: posted.confirmation } }
              : undefined
          }
          sending={sending}
          checking={checking}
          error={error}
          headingRef={refs.confirm}
          onConfirm={confirm}
          onCancel={cancel}
        />
      ) : (
        <section
          aria-labelledby={`${id}-heading`}
          className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
        >
          <h2 id={`${id}-heading`} className="text-xl font-bold text-slate-900 sm:text-2xl">
            {copy('form.heading')}
          </h2>
          <p className="mt-1 text-slate-700">{copy('form.intro')}</p>
          {/* POST, so that nothing typed could ever end up in an address. With script the page sends it with
              fetch; without, the server answers the post with this page (decision 052). */}
          <form
            ref={form}
            method="post"
            action={action}
            onSubmit={submit}
            noValidate
            className="mt-5 space-y-4"
          >
            <div>
              <div className="grid gap-4 sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-2">
                <div className="space-y-1.5">
                  <label htmlFor={`${id}-country`} className={LABEL_CLASS}>
                    {copy('form.countryCode')}
                  </label>
                  <select
                    id={`${id}-country`}
                    name="countryCode"
                    autoComplete="tel-country-code"
                    value={values.countryCode}
                    onChange={(event) => change('countryCode', event.target.value)}
                    className={cx(FIELD_CLASS, 'border-slate-300')}
                  >
                    {COUNTRY_CODES.map((code) => (
                      <option key={code} value={code}>
                        {code} {countries(code.slice(1) as CountryKey)}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="space-y-1.5">
                  <label htmlFor={`${id}-mobile`} className={LABEL_CLASS}>
                    {copy('form.mobile')}
                  </label>
                  <input
                    ref={refs.mobile}
                    type="tel"
                    inputMode="tel"
                    autoComplete="tel-national"
                    required
                    maxLength={ACCOUNT_DELETION_LIMITS.mobile}
                    placeholder={copy('form.mobilePlaceholder')}
                    value={values.mobile}
                    onChange={(event) => change('mobile', event.target.value)}
                    {...fieldState('mobile', `${id}-mobile-hint`)}
                  />
                </div>
              </div>
              <p id={`${id}-mobile-hint`} className="mt-1.5 text-xs text-slate-600">
                {copy('form.mobileHint')}
              </p>
            </div>
            <div className="space-y-1.5">
              <label htmlFor={`${id}-password`} className={LABEL_CLASS}>
                {copy('form.password')}
              </label>
              <div className="relative">
                <input
                  ref={refs.password}
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  autoCapitalize="none"
                  spellCheck={false}
                  required
                  maxLength={ACCOUNT_DELETION_LIMITS.password}
                  value={values.password}
                  onChange={(event) => change('password', event.target.value)}
                  {...fieldState('password')}
                />
                <button
                  type="button"
                  onClick={() => setShowPassword((shown) => !shown)}
                  aria-label={copy(showPassword ? 'form.hidePassword' : 'form.showPassword')}
                  aria-controls={`${id}-password`}
                  className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-xl text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  {showPassword ? (
                    <EyeOff aria-hidden="true" className="size-5" />
                  ) : (
                    <Eye aria-hidden="true" className="size-5" />
                  )}
                </button>
              </div>
              {wrongPassword && (
                <p id={`${id}-password-error`} role="alert" className="text-sm font-medium text-red-800">
                  {error}
                </p>
              )}
            </div>
            {missing && (
              <p
                id={`${id}-error`}
                role="alert"
                className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ring-1 ring-red-200"
              >
                {error}
              </p>
            )}
            <button
              ref={refs.submit}
              type="submit"
              aria-disabled={hydrated ? !filled : undefined}
              className={cx(
                ACTION_BUTTON,
                'w-full bg-red-800 text-white shadow-sm shadow-red-800/25 hover:bg-red-900 focus-visible:outline-red-700 aria-disabled:bg-slate-500 aria-disabled:shadow-none',
              )}
            >
              {copy('form.submit')}
            </button>
          </form>
          <p className="mt-4 text-sm text-slate-700">
            {copy('form.forgotPassword')}{' '}
            <a
              href={localize('/contact')}
              className="rounded font-semibold text-indigo-700 underline underline-offset-2 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              {copy('form.forgotPasswordLink')}
            </a>
          </p>
        </section>
      )}
    </div>
  );
}
