import type { Page } from '@app/shared-types/api';
import { RESTORE_CONFIRMATION, type BackupJob } from '@app/shared-types/backup';
import { api, unwrap } from '../../../lib/api-client';
import { pagedListQueryOptions, usePagedList } from '../../../lib/paged-list-query';
import { sendSignedForm } from '../../../lib/send-signed-form';

export const BACKUPS_KEY = 'backups';

/** What a started job answers (202): the toast's message and the job. */
interface Started {
  message: string;
  job: BackupJob;
}

/** unwrap for the job routes, which answer 202 (the typed client knows 200/201 bodies only). */
async function started(call: Promise<Response>): Promise<Started> {
  return (await unwrap(call as never)) as unknown as Started;
}

/** The backup and restore jobs, newest first (superadmin only), a page at a time. */
export function getBackupsQueryOptions() {
  return pagedListQueryOptions(
    [BACKUPS_KEY],
    (cursor) => unwrap(api.settings.backups.$get({ query: { limit: '20', ...(cursor ? { cursor } : {}) } })) as Promise<Page<BackupJob>>,
  );
}

/** The list, read again every second while a job runs (its progress). */
export function useBackups(enabled: boolean) {
  return usePagedList(getBackupsQueryOptions(), {
    enabled,
    keepPrevious: false,
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.items.some((job) => job.status === 'running')) ? 1000 : false),
  });
}

/** Backup Now: starts a backup job. */
export function startBackup() {
  return started(api.settings.backup.$post());
}

/** Restores a listed backup (the confirmation word is sent as the server requires it). */
export function restoreBackup(id: string) {
  return started(api.settings.backups[':id'].restore.$post({ param: { id }, json: { confirm: RESTORE_CONFIRMATION } }));
}

/** Uploads a backup file with a signed form, then asks for its restore (checked whole first: 400 says what is wrong). */
export async function restoreFromFile(file: File) {
  const { uploadId, url, fields } = await unwrap(api.settings.backups.upload.$post());
  await sendSignedForm({ url, fields }, file, 'application/gzip', file.name);
  return started(api.settings.backups.uploads[':uploadId'].restore.$post({ param: { uploadId }, json: { confirm: RESTORE_CONFIRMATION } }));
}

/** A short-lived link that downloads a backup. */
export async function backupDownloadUrl(id: string) {
  return (await unwrap(api.settings.backups[':id'].download.$get({ param: { id } }))).url;
}
