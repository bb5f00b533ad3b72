import * as yup from 'yup';
import type { BackupFrequency } from './settings';

/**
 * Backup and restore of the business data (superadmin only; PRODUCT.md). A
 * backup is a gzipped JSON-lines file: a header line, one item per line, a
 * trailer with the item count, a SHA-256 of the item lines and the file's
 * signature (HMAC-SHA256 under a key the server holds).
 */

/** SPEC.md 8 toasts. */
export const BACKUP_MESSAGES = {
  started: 'Database backup initiated successfully',
  failed: 'Backup failed',
  restoreStarted: 'Restore started',
  restored: 'Backup restored',
  restoreFailed: 'Restore failed',
} as const;

/** What the request (and the dialog) must carry before a restore replaces the data. */
export const RESTORE_CONFIRMATION = 'RESTORE';

/** The largest backup file that may be uploaded for a restore. */
export const MAX_BACKUP_UPLOAD_BYTES = 100 * 1024 * 1024;

export const BACKUP_JOB_KINDS = ['backup', 'restore'] as const;
export type BackupJobKind = (typeof BACKUP_JOB_KINDS)[number];
export const BACKUP_JOB_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type BackupJobStatus = (typeof BACKUP_JOB_STATUSES)[number];

/** Who started a job (a scheduled backup: the system). */
export interface BackupActor {
  id: string;
  name: string;
  email: string;
}

/**
 * One backup or restore: a job with its progress while it runs, and for a
 * backup the file it made (the backup list is the list of backup jobs).
 */
export interface BackupJob {
  id: string;
  kind: BackupJobKind;
  status: BackupJobStatus;
  /** 'manual' (Backup Now, a restore) or 'scheduled'. */
  trigger: 'manual' | 'scheduled';
  startedAt: string;
  finishedAt?: string;
  /** When a running job last reported (a restore runs in chunks, each one reported): one silent for long is stale. */
  aliveAt?: string;
  startedBy: BackupActor;
  /** Items written to the file (backup) or to the table (restore) so far. */
  itemsDone: number;
  /** A backup: items in the file when finished. A restore: items in the backup read. */
  itemCount?: number;
  /** A finished backup's file size in bytes. */
  size?: number;
  /** A restore: the backup it restores ('upload' for an uploaded file). */
  sourceId?: string;
  /** A restore: the items it deleted (business items the backup did not hold). */
  deleted?: number;
  /** Why it failed, for the screen. */
  error?: string;
}

/** POST /api/settings/backups/:id/restore and POST /api/settings/backups/restore-upload. */
export const restoreRequestSchema = yup.object({
  confirm: yup
    .string()
    .required(`Type ${RESTORE_CONFIRMATION} to confirm`)
    .oneOf([RESTORE_CONFIRMATION], `Type ${RESTORE_CONFIRMATION} to confirm`),
});
export type RestoreRequest = yup.InferType<typeof restoreRequestSchema>;

/** POST /api/settings/backups/upload (deployed): a signed S3 form for the file to restore. */
export interface BackupUploadForm {
  uploadId: string;
  url: string;
  fields: Record<string, string>;
}

/** How old the last successful backup may be before the schedule makes another. */
export const BACKUP_INTERVAL_MS: Record<BackupFrequency, number> = {
  hourly: 60 * 60 * 1000,
  daily: 24 * 60 * 60 * 1000,
  weekly: 7 * 24 * 60 * 60 * 1000,
  monthly: 30 * 24 * 60 * 60 * 1000,
};

/** The file name a backup downloads as. */
export function backupFileName(job: Pick<BackupJob, 'startedAt'>): string {
  return `backup-${job.startedAt.replace(/[:.]/g, '-')}.jsonl.gz`;
}
