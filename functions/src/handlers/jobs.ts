import { s3BackupStorage } from '../backup/s3-backup-storage';
import { dbFromEnv, type Db } from '../db/client';
import { runJob, runScheduledBackup, type BackupContext, type JobRunner } from '../jobs/backup';
import { runDailyJobs, type DailyJobsResult } from '../jobs/daily';
import { applySubmissionRetention, SUBMISSION_RETENTION_TASK } from '../jobs/submission-retention';
import { log } from '../lib/log';
import { pendingUpgrades, upgradeLocalData } from '../local/upgrade-data';

/** What EventBridge and the admin function send (JobRequest, or a rule's task); no task at all runs the daily jobs. */
export type JobsEvent = { backupJob?: { jobId: string }; task?: string };
export type JobsResult = DailyJobsResult | { backupJob?: string } | { restamped: number; complete: boolean } | { dataVersion: number };

/** The task names the Jobs function knows (an EventBridge rule's or the admin function's `task`). */
export const JOBS_TASKS = [SUBMISSION_RETENTION_TASK, 'scheduled-backup', 'data-upgrade'] as const;

/** What the jobs run against: the table, the backup files (S3 deployed; a folder in tests), the clock. */
export interface JobsDeps {
  db: Db;
  backups?: BackupContext;
  now?: () => number;
}

/**
 * The jobs' dispatch (the Lambda entry point below, with its deployed deps):
 * - `{ backupJob: { jobId } }` (an async invoke from the admin function): runs that backup or restore (jobs/backup.ts);
 * - `{ task: 'scheduled-backup' }` (an EventBridge rule, hourly): a backup when Settings > System > backupFrequency says one is due;
 * - `{ task: 'submission-retention' }` (an async invoke from the admin function after a save changed Settings >
 *   dataRetentionDays): the stored submissions' expiry (jobs/submission-retention.ts);
 * - `{ task: 'data-upgrade' }` (invoked after a deploy): the data upgrades the table has not had (local/upgrade-data.ts,
 *   as `npm run upgrade-data` runs them); answers the data version reached;
 * - no task (the daily EventBridge rule's scheduled event): the recurring transactions and quotation expiry (jobs/daily.ts);
 * - any other task: an error naming it (nothing runs), so a misspelt rule fails visibly instead of running the daily jobs.
 */
export async function runJobsEvent({ db, backups, now = Date.now }: JobsDeps, event: JobsEvent = {}): Promise<JobsResult> {
  if (event.task !== undefined && !(JOBS_TASKS as readonly string[]).includes(event.task)) {
    throw new Error(`Unknown jobs task '${String(event.task)}' (known: ${JOBS_TASKS.join(', ')})`);
  }
  if (event.task === SUBMISSION_RETENTION_TASK) {
    const { updated, complete } = await applySubmissionRetention(db);
    return { restamped: updated, complete };
  }
  if (event.task === 'data-upgrade') {
    await upgradeLocalData(db);
    const { from } = await pendingUpgrades(db);
    log.info('data upgrades run', { dataVersion: from });
    return { dataVersion: from };
  }
  if (event.backupJob || event.task === 'scheduled-backup') {
    if (!backups) throw new Error('BACKUP_BUCKET is not set');
    if (event.backupJob) {
      await runJob(backups, { backupJob: event.backupJob }, now);
      return { backupJob: event.backupJob.jobId };
    }
    // The scheduled backup runs here, in this invocation.
    const inline: JobRunner = { start: (request) => runJob(backups, request, now) };
    const job = await runScheduledBackup(db, inline, now());
    log.info('backup schedule checked', { started: job?.id ?? null });
    return { backupJob: job?.id };
  }
  const result = await runDailyJobs(db, now());
  log.info('daily jobs run', { ...result });
  return result;
}

/** The deployed deps, made on the first invocation (the table from TABLE_NAME, backup files in BACKUP_BUCKET). */
let deployed: JobsDeps | undefined;
function deployedDeps(): JobsDeps {
  const db = dbFromEnv();
  const bucket = process.env.BACKUP_BUCKET;
  return { db, backups: bucket ? { db, storage: s3BackupStorage(bucket) } : undefined };
}

/** Lambda entry point of the jobs (see runJobsEvent). */
export const handler = (event: JobsEvent = {}): Promise<JobsResult> => runJobsEvent((deployed ??= deployedDeps()), event);
