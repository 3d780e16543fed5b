import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import type { PostedInquiryField, PostedInquiryForm } from '../../../shared/web-render.ts';
import { useCopy, useLocalize } from '../../i18n/copy.tsx';
import { useLiveForm } from '../island-root.tsx';
import { InquiryFields, InquirySendButton, InquirySent } from './inquiry-fields.tsx';
import { EMPTY_INQUIRY_FORM, type InquiryFormField, type InquiryFormValues } from './inquiry-form.ts';
import { useInquiryMessages } from './inquiry-messages.ts';
import { useInquirySending } from './inquiry-sending.ts';

/** The form's own page, where it posts itself without script. */
export const CONTACT_MESSAGE_PATH = '/contact/message';

/**
 * What the server rendered the form with, which its island hydrates with too: the answer to the form just
 * posted without script, if it was (it holds the server's English words, which a Hindi page never shows), and
 * the service a tile of the contact page chose.
 */
export interface ContactMessageFormProps {
  posted: PostedInquiryForm | null;
  service: string;
}

/**
 * The contact form on its own page (decision 062): a native form posted to the page's address, which the
 * server checks with the API's schema and answers with this page again (thanks, or the form as sent with each
 * field's problem). It needs no script; with script it is the page's island, hydrated in place, and sends
 * as the contact page's dialog does, keeping what was typed before it came to life.
 *
 * Without script the phone is typed whole (a `+` and its country code, or an Indian number): the form has no
 * country to choose, with script either, so that the island renders the server's markup.
 */
export function ContactMessageForm({
  posted,
  service,
  onLive,
}: ContactMessageFormProps & {
  /** Called once the form is live, with what was typed before: a click replayed then is the form's own. */
  onLive?: () => void;
}) {
  const copy = useCopy('contact');
  const localize = useLocalize();
  const { fieldMessage, failureMessage } = useInquiryMessages();
  const refused = posted?.status === 'refused' ? posted : null;
  const inquiry = useInquirySending(
    Object.fromEntries(
      Object.entries(refused?.errors ?? {}).map(([name, message]) => [
        name,
        fieldMessage(name as PostedInquiryField, message),
      ]),
    ),
  );
  const [values, setValues] = useState<InquiryFormValues>(() =>
    refused ? { ...EMPTY_INQUIRY_FORM, ...refused.values } : { ...EMPTY_INQUIRY_FORM, service },
  );
  const [failure, setFailure] = useState<string | null>(() =>
    refused
      ? failureMessage({
          status: refused.httpStatus,
          serverMessage: refused.message,
          retryAfterSeconds: refused.retryAfterSeconds,
        })
      : null,
  );
  const [sent, setSent] = useState(posted?.status === 'sent');
  const form = useRef<HTMLFormElement>(null);
  const thanks = useRef<HTMLElement>(null);

  const hydrated = useLiveForm(form, setValues, onLive);

  const change = (field: keyof InquiryFormValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    inquiry.edited(field);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inquiry.sending) return;
    const outcome = await inquiry.send(values);
    if (!outcome.sent) {
      // As the server says of the form posted without script when only fields are at fault.
      setFailure(outcome.failure ?? failureMessage({ status: 400 }, true));
      return;
    }
    setFailure(null);
    setValues(EMPTY_INQUIRY_FORM);
    setSent(true);
  };
  // The thanks take the focus once sent with script (a page posted without script opens on them).
  useEffect(() => {
    if (sent && hydrated) thanks.current?.focus();
  }, [sent, hydrated]);

  if (sent) {
    return (
      <section
        ref={thanks}
        tabIndex={-1}
        aria-labelledby="sent-heading"
        className="mt-8 flex flex-col items-center rounded-2xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-slate-200 focus:outline-none"
      >
        <InquirySent headingId="sent-heading" headingLevel="h2">
          <p role="status" className="mt-2 text-slate-700">
            {copy('form.sent')}
          </p>
          <a
            href={localize('/contact')}
            className="mt-6 font-semibold text-indigo-700 underline underline-offset-2"
          >
            {copy('form.backToContact')}
          </a>
        </InquirySent>
      </section>
    );
  }

  /** Each control holds its value here, and takes the focus when it has a message. */
  const bind = (field: InquiryFormField) => ({
    ref: inquiry.fieldRef(field),
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      change(field, event.target.value),
  });

  return (
    <>
      <p className="mt-3 text-slate-700">{copy('form.description')}</p>
      {failure && (
        <p
          role="alert"
          className="mt-6 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ring-1 ring-red-200"
        >
          {failure}
        </p>
      )}
      {/* The server checks every field (the same schema as the API), so the browser's own checks stay off. */}
      <form
        ref={form}
        method="post"
        action={localize(CONTACT_MESSAGE_PATH)}
        onSubmit={submit}
        noValidate
        className="mt-6 space-y-4"
      >
        <InquiryFields
          idPrefix="inquiry"
          errors={inquiry.errors}
          bind={bind}
          honeypot={{ value: values.website, onChange: (event) => change('website', event.target.value) }}
        />
        <InquirySendButton ref={inquiry.submitRef} status={inquiry.status} />
      </form>
    </>
  );
}
