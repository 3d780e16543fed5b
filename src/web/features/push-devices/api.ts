import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageResponseSchema } from '../../../shared/contracts/api.ts';
import {
  type PushDevice,
  type PushDeviceInput,
  PushDeviceSavedResponseSchema,
  PushDevicesResponseSchema,
  PushPublicKeyResponseSchema,
  TestPushResponseSchema,
} from '../../../shared/contracts/push-devices.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { screenQueryOptions } from '../../lib/query-cache.ts';

const DEVICES = '/api/admin/profile/devices';
const pushDeviceKeys = { devices: ['push-devices'] as const };

async function fetchPushDevices(signal?: AbortSignal): Promise<PushDevice[]> {
  const { devices } = await apiRequest(DEVICES, { signal, schema: PushDevicesResponseSchema });
  return devices;
}

export function usePushDevices() {
  return useQuery(
    screenQueryOptions(pushDeviceKeys.devices, fetchPushDevices, 'Failed to load your devices'),
  );
}

/** The server's VAPID public key, which this browser subscribes with. */
export async function fetchPushPublicKey(): Promise<string> {
  const { publicKey } = await apiRequest('/api/admin/push/public-key', {
    schema: PushPublicKeyResponseSchema,
  });
  return publicKey;
}

function useDeviceMutation<Input, Result>(mutationFn: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Whatever the answer (a test can remove a device the push service calls gone), the list is asked again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushDeviceKeys.devices }),
  });
}

export function useAddPushDevice() {
  return useDeviceMutation((input: PushDeviceInput) =>
    apiRequest(DEVICES, { method: 'POST', body: input, schema: PushDeviceSavedResponseSchema }),
  );
}

export function useRemovePushDevice() {
  return useDeviceMutation((id: string) =>
    apiRequest(`${DEVICES}/${encodeURIComponent(id)}`, { method: 'DELETE', schema: MessageResponseSchema }),
  );
}

export function useTestPushDevice() {
  return useDeviceMutation((id: string) =>
    apiRequest(`${DEVICES}/${encodeURIComponent(id)}/test`, {
      method: 'POST',
      schema: TestPushResponseSchema,
    }),
  );
}
