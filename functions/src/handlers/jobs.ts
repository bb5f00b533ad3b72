import { s3BackupStorage } from '../backup/s3-backup-storage';
import { dbFromEnv } from '../db/client';
import { runJob, runScheduledBackup, type BackupContext, type JobRequest, type JobRunner } from '../jobs/backup';
import { runDailyJobs, type DailyJobsResult } from '../jobs/daily';
import { log } from '../lib/log';

const db = dbFromEnv();
const backupBucket = process.env.BACKUP_BUCKET;
const backups: BackupContext | undefined = backupBucket ? { db, storage: s3BackupStorage(backupBucket) } : undefined;

/** What EventBridge and the admin function send: a backup or restore job, the hourly backup check, or (anything else) the daily jobs. */
type JobsEvent = Partial<JobRequest> & { task?: string };

/**
 * Lambda entry point of the jobs:
 * - `{ backupJob: { jobId } }` (an async invoke from the admin function): runs that backup or restore (jobs/backup.ts);
 * - `{ task: 'scheduled-backup' }` (an EventBridge rule, hourly): a backup when Settings > System > backupFrequency says one is due;
 * - anything else (the daily EventBridge rule): the recurring transactions and quotation expiry (jobs/daily.ts).
 */
export async function handler(event: JobsEvent = {}): Promise<DailyJobsResult | { backupJob?: string }> {
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
