import { BellRing, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { type PushDevice, PushDeviceInputSchema } from '../../../shared/contracts/push-devices.ts';
import {
  DEVICE_NAME_MAX_LENGTH,
  deviceNameFromUserAgent,
  MAX_PUSH_DEVICES_PER_USER,
  PUSH_DEVICE_LIMIT_MESSAGE,
} from '../../../shared/rules/push-devices.ts';
import { errorMessage, isSessionError } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { QueryContent } from '../../ui/query-content.tsx';
import { TextField } from '../../ui/text-field.tsx';
import {
  fetchPushPublicKey,
  useAddPushDevice,
  usePushDevices,
  useRemovePushDevice,
  useTestPushDevice,
} from './api.ts';
import {
  currentPushSubscription,
  PushPermissionError,
  type PushSupport,
  pushSupport,
  subscribeThisBrowser,
} from './service-worker.ts';

const SUPPORT_NOTICES: Record<Exclude<PushSupport, 'ready'>, string> = {
  insecure:
    'Push notifications need a secure connection. Open the back office at its https:// address on this device to turn them on.',
  unsupported:
    'This browser cannot show push notifications. On an iPhone or iPad, add the back office to the Home Screen (Share, then Add to Home Screen) and open it from there.',
  denied:
    'Notifications are blocked for this site on this device. Allow them in the browser’s site settings, then reload this page.',
};

const NameSchema = PushDeviceInputSchema.shape.name;

/** This browser's push endpoint, once known (null: not subscribed, or no Push API). */
function useThisBrowsersEndpoint(): [string | null, (endpoint: string | null) => void] {
  const [endpoint, setEndpoint] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    currentPushSubscription().then(
      (subscription) => {
        if (current) setEndpoint(subscription?.endpoint ?? null);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return [endpoint, setEndpoint];
}

function NotifyThisDevice({ onSubscribed }: { onSubscribed: (endpoint: string) => void }) {
  const [support, setSupport] = useState<PushSupport>(() => pushSupport());
  const [name, setName] = useState(() => deviceNameFromUserAgent(navigator.userAgent));
  const [nameError, setNameError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // Why the last try did not turn them on, kept in place: a toast alone is easily missed on a phone.
  const [refusal, setRefusal] = useState<string>();
  const add = useAddPushDevice();

  if (support !== 'ready') {
    return (
      <p role="status" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        {SUPPORT_NOTICES[support]}
      </p>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = NameSchema.safeParse(name);
    if (!checked.success) {
      setNameError(checked.error.issues[0]?.message);
      return;
    }
    setNameError(undefined);
    setRefusal(undefined);
    setBusy(true);
    try {
      const subscription = await subscribeThisBrowser(await fetchPushPublicKey());
      await add.mutateAsync({ ...subscription, name: checked.data });
      onSubscribed(subscription.endpoint);
      toast.success('This device will be notified of new inquiries');
    } catch (error) {
      if (error instanceof PushPermissionError) {
        setSupport(pushSupport());
        setRefusal(error.message);
        toast.error(error.message);
      } else if (error instanceof DOMException) {
        // The browser's own reason, e.g. its push service could not be reached.
        toast.error(`Notifications could not be turned on for this device: ${error.message}`);
      } else if (!isSessionError(error)) {
        toast.error(errorMessage(error, 'Notifications could not be turned on for this device'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 space-y-3" aria-label="Notify this device">
      <TextField
        label="Name of this device"
        hint="Shown in the list below, so you can tell your devices apart."
        value={name}
        maxLength={DEVICE_NAME_MAX_LENGTH}
        onChange={(event) => setName(event.target.value)}
        error={nameError}
      />
      <Button type="submit" disabled={busy}>
        <BellRing aria-hidden="true" className="size-4" />
        {busy ? 'Turning on...' : 'Notify this device'}
      </Button>
      <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 empty:hidden">
        {refusal}
      </p>
    </form>
  );
}

function DeviceRow({
  device,
  isThisDevice,
  onRemoved,
}: {
  device: PushDevice;
  isThisDevice: boolean;
  onRemoved: () => void;
}) {
  const sendTest = useTestPushDevice();
  const remove = useRemovePushDevice();
  const headingId = `device-${device.id}`;

  const onTest = () =>
    sendTest.mutateAsync(device.id).then(
      ({ message }) => toast.success(message),
      (error: unknown) => {
        if (!isSessionError(error))
          toast.error(errorMessage(error, 'The test notification could not be sent'));
      },
    );
  const onRemove = async () => {
    try {
      await remove.mutateAsync(device.id);
      // This browser stops receiving too, so it can be turned on again later.
      if (isThisDevice) await (await currentPushSubscription())?.unsubscribe();
      onRemoved();
      toast.success(`${device.name} removed`);
    } catch (error) {
      if (!isSessionError(error)) toast.error(errorMessage(error, 'The device could not be removed'));
    }
  };

  return (
    <li aria-labelledby={headingId} className="space-y-2 py-3">
      <p className="flex flex-wrap items-center gap-2">
        <span id={headingId} className="font-medium break-all text-slate-900">
          {device.name}
        </span>
        {isThisDevice && (
          <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">
            This device
          </span>
        )}
      </p>
      <p className="text-sm text-slate-600">
        Added <DateTime value={device.createdAt} />
        {' · '}
        {device.lastSentAt ? (
          <>
            Last notified <DateTime value={device.lastSentAt} />
          </>
        ) : (
          'Not notified yet'
        )}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onTest} disabled={sendTest.isPending}>
          {sendTest.isPending ? 'Sending...' : 'Send a test notification'}
        </Button>
        <Button
          variant="ghost"
          onClick={onRemove}
          disabled={remove.isPending}
          aria-label={`Remove ${device.name}`}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Remove
        </Button>
      </div>
    </li>
  );
}

/** My Profile's push notifications: turn them on for this device, and the user's devices that get them. */
export function PushDevicesCard() {
  const devices = usePushDevices();
  const [thisEndpoint, setThisEndpoint] = useThisBrowsersEndpoint();

  return (
    <Card titleId="push-devices-title" title="Push notifications">
      <p className="mt-1 text-sm text-slate-600">
        Get a notification on your phone or computer when a new inquiry arrives. Tapping it opens the inquiry.
      </p>
      <QueryContent query={devices} noun="devices" look="card">
        {(list) => {
          const subscribedHere = list.some((device) => device.endpoint === thisEndpoint);
          return (
            <>
              {subscribedHere ? (
                <p className="mt-3 text-sm text-slate-700">This device is notified of new inquiries.</p>
              ) : list.length >= MAX_PUSH_DEVICES_PER_USER ? (
                // The server refuses another (409); said before the browser is asked to subscribe.
                <p role="status" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                  {PUSH_DEVICE_LIMIT_MESSAGE}
                </p>
              ) : (
                <NotifyThisDevice onSubscribed={setThisEndpoint} />
              )}
              {list.length === 0 ? (
                <p className="mt-3 text-sm text-slate-600">No device is notified yet.</p>
              ) : (
                <ul aria-label="Notified devices" className="mt-3 divide-y divide-slate-200">
                  {list.map((device) => (
                    <DeviceRow
                      key={device.id}
                      device={device}
                      isThisDevice={device.endpoint === thisEndpoint}
                      onRemoved={() => {
                        if (device.endpoint === thisEndpoint) setThisEndpoint(null);
                      }}
                    />
                  ))}
                </ul>
              )}
            </>
          );
        }}
      </QueryContent>
    </Card>
  );
}
