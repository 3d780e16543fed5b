import { useQuery } from '@tanstack/react-query';
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

export function useBackupStatus() {
  return useQuery(backupStatusQueryOptions());
}

/**
 * A backup holds every secret, so its download is a sensitive call (decision 049). The browser fetches the
 * file through a link, which cannot show the password prompt: this asks the server first whether the session
 * confirmed itself lately, and the prompt opens when it did not.
 */
export function confirmBeforeDownload(): Promise<unknown> {
  return apiRequest('/api/admin/reauthenticate');
}
