import type { UseFormRegister } from 'react-hook-form';
import { toast } from 'sonner';
import {
  type WebhookEndpoint,
  type WebhookEndpointInput,
  WebhookEndpointInputSchema,
} from '../../../shared/contracts/webhooks.ts';
import {
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_URL_MAX_LENGTH,
} from '../../../shared/rules/webhooks.ts';
import { ApiRequestError, errorMessage } from '../../lib/api-client.ts';
import { CHECK_FROM_FIRST_SUBMIT, useZodForm } from '../../lib/use-zod-form.ts';
import { CredentialsDialog, requestCredentials } from '../../ui/credentials-dialog.tsx';
import { ShownOncePanel } from '../../ui/shown-once-panel.tsx';
import { TextField, VERBATIM_INPUT } from '../../ui/text-field.tsx';
import { useCreateWebhook, usePrivateHttpAllowed } from './api.ts';
import { EMPTY_WEBHOOK_FORM, webhookFieldErrors } from './webhook-form.ts';

const FORM_ID = 'webhook-create-form';

interface CreatedWebhook {
  endpoint: WebhookEndpoint;
  secret: string;
}

function EventChoice({
  register,
  error,
}: {
  register: UseFormRegister<WebhookEndpointInput>;
  error: string | undefined;
}) {
  return (
    <fieldset aria-describedby={error ? 'webhook-events-error' : undefined} className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">Events</legend>
      <div className="grid gap-2">
        {WEBHOOK_EVENTS.map((event) => (
          <label
            key={event}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 text-sm has-checked:border-indigo-500 has-checked:bg-indigo-50"
          >
            <input
              type="checkbox"
              value={event}
              aria-invalid={error ? true : undefined}
              className="mt-0.5 size-4 shrink-0 accent-indigo-600"
              {...register('events')}
            />
            <span className="min-w-0">
              <span className="block font-medium text-slate-900">{WEBHOOK_EVENT_LABELS[event]}</span>
              <code className="block break-all text-slate-600">{event}</code>
            </span>
          </label>
        ))}
      </div>
      <p id="webhook-events-error" role="alert" className="text-sm text-red-700 empty:hidden">
        {error}
      </p>
    </fieldset>
  );
}

function CreateForm({
  onCreated,
  onPendingChange,
}: {
  onCreated: (created: CreatedWebhook) => void;
  onPendingChange: (pending: boolean) => void;
}) {
  const create = useCreateWebhook();
  const privateHttpAllowed = usePrivateHttpAllowed();
  const { field, ...form } = useZodForm(WebhookEndpointInputSchema, {
    defaultValues: EMPTY_WEBHOOK_FORM,
    ...CHECK_FROM_FIRST_SUBMIT,
  });

  const onSubmit = form.handleSubmit((values) =>
    requestCredentials(create, values, {
      onPendingChange,
      onAnswer: onCreated,
      onRefused: (error) => {
        if (error instanceof ApiRequestError) {
          let first = true;
          for (const [name, message] of Object.entries(webhookFieldErrors(error.fieldErrors))) {
            form.setError(
              name as keyof WebhookEndpointInput,
              { type: 'server', message },
              { shouldFocus: first },
            );
            first = false;
          }
        }
        toast.error(errorMessage(error, 'Failed to add the webhook'));
      },
    }),
  );

  return (
    <form id={FORM_ID} onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Add webhook">
      <TextField
        label="URL"
        type="url"
        inputMode="url"
        placeholder="https://"
        maxLength={WEBHOOK_URL_MAX_LENGTH}
        hint={
          privateHttpAllowed
            ? 'An https address, or http to this machine or your private network: each event is sent to it as a signed JSON POST.'
            : 'An https address: each event is sent to it as a signed JSON POST.'
        }
        {...VERBATIM_INPUT}
        {...field('url')}
      />
      <TextField
        label="Description (optional)"
        autoComplete="off"
        maxLength={WEBHOOK_DESCRIPTION_MAX_LENGTH}
        hint="What receives it, e.g. “Zapier: inquiries to the sales sheet”."
        {...field('description')}
      />
      <EventChoice register={form.register} error={form.formState.errors.events?.message} />
    </form>
  );
}

function SecretPanel({ created }: { created: CreatedWebhook }) {
  return (
    <ShownOncePanel
      warning={
        <>
          <strong>This signing secret is shown only once.</strong> Copy it into the receiving tool now: it
          will not be shown again. If it is lost, delete the webhook and add it again.
        </>
      }
      facts={[{ label: 'URL', value: <span className="break-all text-base">{created.endpoint.url}</span> }]}
      secret={{
        label: 'Signing secret',
        noun: 'secret',
        value: created.secret,
        wide: true,
      }}
    >
      <p className="text-sm text-slate-700">
        Each delivery carries a <code className="break-all">{WEBHOOK_SIGNATURE_HEADER}</code> header,{' '}
        <code className="break-all">t=&lt;time&gt;,v1=&lt;signature&gt;</code>: the HMAC-SHA256, with this
        secret, of the time, a dot and the body. The receiver checks it to know the delivery is from Sampark.
      </p>
    </ShownOncePanel>
  );
}

/** "Add webhook": the URL, a description and the events, then the signing secret, shown once. */
export function WebhookCreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <CredentialsDialog<CreatedWebhook>
      open={open}
      title="Add webhook"
      doneTitle="Webhook added"
      description="Sampark sends the chosen events to this address as they happen."
      doneDescription={WEBHOOK_MESSAGES.created}
      formId={FORM_ID}
      submitLabel="Add webhook"
      pendingLabel="Adding..."
      onClose={onClose}
      renderCredentials={(created) => <SecretPanel created={created} />}
    >
      {({ showCredentials, onPendingChange }) => (
        <CreateForm
          onPendingChange={onPendingChange}
          onCreated={(created) => {
            toast.success('Webhook added');
            showCredentials(created);
          }}
        />
      )}
    </CredentialsDialog>
  );
}
