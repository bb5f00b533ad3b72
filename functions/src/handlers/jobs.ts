import { s3BackupStorage } from '../backup/s3-backup-storage';
import { dbFromEnv } from '../db/client';
import { runJob, runScheduledBackup, type BackupContext, type JobRunner } from '../jobs/backup';
import { runDailyJobs, type DailyJobsResult } from '../jobs/daily';
import { applySubmissionRetention, SUBMISSION_RETENTION_TASK } from '../jobs/submission-retention';
import { log } from '../lib/log';

const db = dbFromEnv();
const backupBucket = process.env.BACKUP_BUCKET;
const backups: BackupContext | undefined = backupBucket ? { db, storage: s3BackupStorage(backupBucket) } : undefined;

/** What EventBridge and the admin function send (JobRequest, or a rule's task); anything else runs the daily jobs. */
type JobsEvent = { backupJob?: { jobId: string }; task?: string };

/**
 * Lambda entry point of the jobs:
 * - `{ backupJob: { jobId } }` (an async invoke from the admin function): runs that backup or restore (jobs/backup.ts);
 * - `{ task: 'scheduled-backup' }` (an EventBridge rule, hourly): a backup when Settings > System > backupFrequency says one is due;
 * - `{ task: 'submission-retention' }` (an async invoke from the admin function after a save changed Settings >
 *   dataRetentionDays): the stored submissions' expiry (jobs/submission-retention.ts);
 * - anything else (the daily EventBridge rule): the recurring transactions and quotation expiry (jobs/daily.ts).
 */
export async function handler(event: JobsEvent = {}): Promise<DailyJobsResult | { backupJob?: string } | { restamped: number; complete: boolean }> {
  if (event.task === SUBMISSION_RETENTION_TASK) {
    const { updated, complete } = await applySubmissionRetention(db);
    return { restamped: updated, complete };
  }
  if (event.backupJob || event.task === 'scheduled-backup') {
    if (!backups) throw new Error('BACKUP_BUCKET is not set');
    if (event.backupJob) {
      await runJob(backups, { backupJob: event.backupJob });
      return { backupJob: event.backupJob.jobId };
    }
    // The scheduled backup runs here, in this invocation.
    const inline: JobRunner = { start: (request) => runJob(backups, request) };
    const job = await runScheduledBackup(db, inline, Date.now());
    log.info('backup schedule checked', { started: job?.id ?? null });
    return { backupJob: job?.id };
  }
  const result = await runDailyJobs(db, Date.now());
  log.info('daily jobs run', { ...result });
  return result;
}
