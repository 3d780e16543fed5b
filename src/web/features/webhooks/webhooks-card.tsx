import { ChevronDown, RefreshCw, RotateCcw, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { WebhookDelivery, WebhookEndpoint } from '../../../shared/contracts/webhooks.ts';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_MESSAGES,
  WEBHOOK_SIGNATURE_HEADER,
} from '../../../shared/rules/webhooks.ts';
import { errorMessage, isSessionError } from '../../lib/api-client.ts';
import { cx } from '../../lib/class-names.ts';
import { usePendingDelete } from '../../lib/use-pending-delete.ts';
import { AddButton, Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { CardQueryList, QueryContent } from '../../ui/query-content.tsx';
import { Switch } from '../../ui/switch.tsx';
import {
  useDeleteWebhook,
  useRedeliverWebhook,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from './api.ts';
import { WebhookCreateDialog } from './webhook-create-dialog.tsx';
import {
  attemptsText,
  DELIVERY_STATUS_LABELS,
  type EndpointState,
  endpointState,
  formatDuration,
  responseStatusText,
} from './webhook-display.ts';

const TONES: Record<EndpointState['tone'], string> = {
  good: 'bg-green-50 text-green-800',
  neutral: 'bg-slate-100 text-slate-700',
  warning: 'bg-amber-50 text-amber-900',
  bad: 'bg-red-50 text-red-800',
};

const DELIVERY_TONES: Record<WebhookDelivery['status'], string> = {
  delivered: TONES.good,
  pending: TONES.neutral,
  failed: TONES.bad,
};

function Badge({ className, children }: { className: string; children: string }) {
  return <span className={cx('rounded-full px-2 py-0.5 text-xs font-medium', className)}>{children}</span>;
}

function DeliveryRow({ endpoint, delivery }: { endpoint: WebhookEndpoint; delivery: WebhookDelivery }) {
  const redeliver = useRedeliverWebhook();
  const id = useId();
  const onRedeliver = () =>
    redeliver.mutate(
      { endpointId: endpoint._id, deliveryId: delivery._id },
      {
        onSuccess: ({ message }) => toast.success(message),
        onError: (error) => {
          if (!isSessionError(error))
            toast.error(errorMessage(error, 'The delivery could not be queued again'));
        },
      },
    );
  return (
    <li aria-labelledby={`${id}-event`} className="space-y-1 py-3 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <code id={`${id}-event`} className="font-medium break-all text-slate-900">
          {delivery.event}
        </code>
        <Badge className={DELIVERY_TONES[delivery.status]}>{DELIVERY_STATUS_LABELS[delivery.status]}</Badge>
      </p>
      <p className="text-slate-600">
        <DateTime value={delivery.createdAt} />
        {' · '}
        {responseStatusText(delivery)}
        {' · '}
        {formatDuration(delivery.durationMs)}
        {' · '}
        {attemptsText(delivery.attempts)}
      </p>
      {delivery.lastAttemptAt && (
        <p className="text-slate-600">
          Last attempt <DateTime value={delivery.lastAttemptAt} />
        </p>
      )}
      {delivery.lastError && <p className="break-words text-red-800">Last error: {delivery.lastError}</p>}
      <Button
        variant="secondary"
        onClick={onRedeliver}
        disabled={redeliver.isPending}
        aria-describedby={`${id}-event`}
      >
        <RotateCcw aria-hidden="true" className="size-4" />
        {redeliver.isPending ? 'Queuing...' : 'Redeliver'}
      </Button>
    </li>
  );
}

function DeliveryLog({ endpoint, id }: { endpoint: WebhookEndpoint; id: string }) {
  const deliveries = useWebhookDeliveries(endpoint._id, true);
  return (
    <section
      id={id}
      aria-label={`Delivery log of ${endpoint.url}`}
      className="mt-2 rounded-lg bg-slate-50 p-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Delivery log</h3>
        <Button
          variant="ghost"
          onClick={() => void deliveries.refetch()}
          disabled={deliveries.isFetching}
          aria-label="Refresh the delivery log"
        >
          <RefreshCw aria-hidden="true" className={cx('size-4', deliveries.isFetching && 'animate-spin')} />
          Refresh
        </Button>
      </div>
      <QueryContent query={deliveries} noun="delivery log" look="inline">
        {(list) =>
          list.length === 0 ? (
            <p className="text-sm text-slate-600">
              Nothing has been sent yet: deliveries appear here as events happen.
            </p>
          ) : (
            <ul aria-label="Deliveries, newest first" className="divide-y divide-slate-200">
              {list.map((delivery) => (
                <DeliveryRow key={delivery._id} endpoint={endpoint} delivery={delivery} />
              ))}
            </ul>
          )
        }
      </QueryContent>
    </section>
  );
}

function EndpointRow({ endpoint, onDelete }: { endpoint: WebhookEndpoint; onDelete: () => void }) {
  const update = useUpdateWebhook();
  const [logOpen, setLogOpen] = useState(false);
  const id = useId();
  const state = endpointState(endpoint);
  // While the change is on its way the switch shows what was asked, not the list's old answer.
  const enabled =
    update.isPending && update.variables
      ? (update.variables.body.enabled ?? endpoint.enabled)
      : endpoint.enabled;

  const onToggle = (next: boolean) =>
    update.mutate(
      { id: endpoint._id, body: { enabled: next } },
      {
        onSuccess: ({ message }) => toast.success(message),
        onError: (error) => {
          if (!isSessionError(error)) toast.error(errorMessage(error, 'The webhook could not be changed'));
        },
      },
    );

  return (
    <li aria-labelledby={`${id}-url`} className="space-y-2 py-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p id={`${id}-url`} className="font-medium break-all text-slate-900">
            {endpoint.url}
          </p>
          {endpoint.description && (
            <p className="text-sm break-words text-slate-600">{endpoint.description}</p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <Badge className={TONES[state.tone]}>{state.label}</Badge>
          <Switch
            checked={enabled}
            onCheckedChange={onToggle}
            disabled={update.isPending}
            aria-label={`Send events to ${endpoint.url}`}
          />
        </div>
      </div>
      {state.failingSince && (
        <p className="text-sm text-amber-900">
          Failing since <DateTime value={state.failingSince} />. It is turned off after a day of failures.
        </p>
      )}
      {state.reason && (
        <p className="text-sm break-words text-red-800">
          {state.reason.replace(/\.$/, '')}. Turn it on to try again.
        </p>
      )}
      <ul aria-label="Events" className="flex flex-wrap gap-1.5">
        {endpoint.events.map((event) => (
          <li
            key={event}
            title={WEBHOOK_EVENT_LABELS[event]}
            className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700"
          >
            <code>{event}</code>
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-600">
        Added <DateTime value={endpoint.createdAt} />
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          aria-expanded={logOpen}
          aria-controls={`${id}-log`}
          aria-describedby={`${id}-url`}
          onClick={() => setLogOpen((open) => !open)}
        >
          <ChevronDown
            aria-hidden="true"
            className={cx('size-4 transition-transform', logOpen && 'rotate-180')}
          />
          Delivery log
        </Button>
        <Button variant="ghost" onClick={onDelete} aria-label={`Delete webhook ${endpoint.url}`}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </Button>
      </div>
      {logOpen && <DeliveryLog endpoint={endpoint} id={`${id}-log`} />}
    </li>
  );
}

/** Settings' Webhooks card: the endpoints, each with its switch and delivery log, and "Add webhook". */
export function WebhooksCard() {
  const endpoints = useWebhookEndpoints();
  const [adding, setAdding] = useState(false);
  const remove = useDeleteWebhook();
  const deletion = usePendingDelete<WebhookEndpoint>(remove, {
    onDeleted: () => toast.success(WEBHOOK_MESSAGES.deleted),
    failedMessage: (error) => errorMessage(error, 'The webhook could not be deleted'),
    describe: (endpoint) =>
      `${endpoint.url} gets no more events, and its delivery log is deleted. This cannot be undone.`,
  });

  return (
    <Card titleId="webhooks-title" title="Webhooks">
      <p className="mt-1 text-sm text-slate-600">
        Send inquiries and other events to another tool (a CRM, a spreadsheet, n8n, Zapier or Make) as they
        happen. Each delivery is signed with the webhook's secret in the{' '}
        <code className="break-all">{WEBHOOK_SIGNATURE_HEADER}</code> header and retried until it is received.
      </p>
      <AddButton className="mt-3" onClick={() => setAdding(true)}>
        Add webhook
      </AddButton>
      <CardQueryList query={endpoints} noun="webhooks" label="Webhooks" empty="No webhook yet.">
        {(endpoint) => (
          <EndpointRow key={endpoint._id} endpoint={endpoint} onDelete={() => deletion.ask(endpoint)} />
        )}
      </CardQueryList>
      <WebhookCreateDialog open={adding} onClose={() => setAdding(false)} />
      <ConfirmDeleteDialog {...deletion.dialog} title="Delete this webhook?" />
    </Card>
  );
}
