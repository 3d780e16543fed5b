import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  BackupCopiesResponseSchema,
  type BackupDestinationInput,
} from '../../../shared/contracts/backup-copies.ts';
import { type BackupStatus, BackupStatusResponseSchema } from '../../../shared/contracts/backups.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { screenQueryOptions } from '../../lib/query-cache.ts';

const BASE = '/api/admin/backups';

/** The newest backup as a file: a link the browser downloads itself (a large file never sits in memory). */
export const LATEST_BACKUP_HREF = `${BASE}/latest`;

const backupKeys = { status: ['backups', 'status'] as const };

async function fetchBackupStatus(signal?: AbortSignal): Promise<BackupStatus> {
  const { backups } = await apiRequest(BASE, { signal, schema: BackupStatusResponseSchema });
  return backups;
}

const backupStatusQueryOptions = () =>
  screenQueryOptions(backupKeys.status, fetchBackupStatus, 'Failed to load the backups');

/** While a backup is being taken, asked again every second: its progress shows as it goes. */
const WHILE_RUNNING_REFETCH_MS = 1_000;

export function useBackupStatus() {
  return useQuery({
    ...backupStatusQueryOptions(),
    refetchInterval: (query) => (query.state.data?.running ? WHILE_RUNNING_REFETCH_MS : false),
  });
}

/** "Back up now": starts a backup, or joins the one under way; the status then follows it. */
export function useTakeBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest(BASE, { method: 'POST', schema: BackupStatusResponseSchema })).backups,
    onSuccess: (status) => queryClient.setQueryData(backupKeys.status, status),
  });
}

/**
 * A backup holds every secret, so its download is a sensitive call (decision 049). The browser fetches the
 * file through a link, which cannot show the password prompt: this asks the server first whether the session
 * confirmed itself lately, and the prompt opens when it did not.
 */
export function confirmBeforeDownload(): Promise<unknown> {
  return apiRequest('/api/admin/reauthenticate');
}

const DESTINATION = `${BASE}/destination`;
const copyKeys = { state: ['backups', 'copies'] as const };

/** While a copy is waiting or a backup is being taken, the copies' state is asked again each second. */
const WHILE_COPYING_REFETCH_MS = 1_000;

/** The off-machine copies: where they go (without the secret) and the last copy's state. */
export function useBackupCopies(backupRunning: boolean) {
  const queryClient = useQueryClient();
  // A backup that just ended has queued its copy: read it now rather than at the next focus.
  useEffect(() => {
    if (!backupRunning) void queryClient.invalidateQueries({ queryKey: copyKeys.state });
  }, [backupRunning, queryClient]);
  return useQuery({
    ...screenQueryOptions(
      copyKeys.state,
      (signal) => apiRequest(DESTINATION, { signal, schema: BackupCopiesResponseSchema }),
      'Failed to load the off-machine copies',
    ),
    refetchInterval: (query) =>
      backupRunning || query.state.data?.lastCopy?.status === 'pending' ? WHILE_COPYING_REFETCH_MS : false,
  });
}

/** Saves where copies go; an empty secret keeps the saved one (decision 056). */
export function useSaveBackupDestination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BackupDestinationInput) =>
      apiRequest(DESTINATION, { method: 'PUT', body: input, schema: BackupCopiesResponseSchema }),
    onSuccess: (state) => queryClient.setQueryData(copyKeys.state, state),
  });
}

/** "Stop copying": forgets the storage and its keys; copies already made stay in the bucket. */
export function useRemoveBackupDestination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(DESTINATION, { method: 'DELETE', schema: BackupCopiesResponseSchema }),
    onSuccess: (state) => queryClient.setQueryData(copyKeys.state, state),
  });
}

/** "Copy the latest backup now": queued through the outbox; the state then follows it. */
export function useCopyLatestBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`${BASE}/copies`, { method: 'POST', schema: BackupCopiesResponseSchema }),
    onSuccess: (state) => queryClient.setQueryData(copyKeys.state, state),
  });
}
