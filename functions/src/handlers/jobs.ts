import { isOneOf } from '@app/shared-types/guards';
import { s3BackupStorage, secretsManagerBackupKey } from '../backup';
import { dbFromEnv, type Db } from '../db/client';
import { runJob, runScheduledBackup, type BackupContext, type JobRunner } from '../jobs/backup';
import { runDailyJobs, type DailyJobsResult } from '../jobs/daily';
import { lambdaJobRunner } from '../jobs/job-runner';
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
  if (event.task !== undefined && !isOneOf(JOBS_TASKS, event.task)) {
    throw new Error(`Unknown jobs task '${String(event.task)}' (known: ${JOBS_TASKS.join(', ')})`);
  }
  if (event.task === SUBMISSION_RETENTION_TASK) {
    const { updated, complete } = await applySubmissionRetention(db);
    return { restamped: updated, complete };
  }
  if (event.task === 'data-upgrade') return runDataUpgrade(db);
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

/** The data upgrades the table has not had; answers the data version reached. */
async function runDataUpgrade(db: Db): Promise<{ dataVersion: number }> {
  await upgradeLocalData(db);
  const { from } = await pendingUpgrades(db);
  log.info('data upgrades run', { dataVersion: from });
  return { dataVersion: from };
}

/**
 * The deployed deps, made on the first invocation: the table from TABLE_NAME, backup files in BACKUP_BUCKET signed
 * with the secret BACKUP_KEY_SECRET_ARN; a restore's next run is an async invoke of this function itself through
 * SELF_ALIAS (its `live` alias: the version the deploy settled on, with the alias's failure queue), and a timed-out
 * or failed invocation Lambda runs again, so the restore goes on from its last committed chunk.
 */
let deployed: JobsDeps | undefined;
function deployedDeps(): JobsDeps {
  const db = dbFromEnv();
  const { BACKUP_BUCKET: bucket, BACKUP_KEY_SECRET_ARN: keyArn, AWS_LAMBDA_FUNCTION_NAME: self, SELF_ALIAS: alias } = process.env;
  const runner = self && alias ? lambdaJobRunner(`${self}:${alias}`) : undefined;
  return { db, backups: bucket && keyArn ? { db, storage: s3BackupStorage(bucket), key: secretsManagerBackupKey(keyArn), ...(runner ? { runner } : {}) } : undefined };
}

/**
 * What a deploy sends (infra/src/constructs/api.ts, the DataUpgrade custom resource, through CDK's provider
 * framework, which invokes this function and waits for its answer): a CloudFormation lifecycle event whose
 * properties carry the task. Its other fields (ResponseURL, StackId, ...) are the framework's business.
 */
export interface DeployEvent {
  RequestType: 'Create' | 'Update' | 'Delete';
  PhysicalResourceId?: string;
  /** `deployId`: the time of the synth (an ISO timestamp), new at every deploy. */
  ResourceProperties: { task?: string; deployId?: string };
  /** An Update's previous properties. */
  OldResourceProperties?: { deployId?: string };
}

/** The custom resource's one physical id: an update keeps it, so CloudFormation never replaces (and deletes) it. */
export const DATA_UPGRADE_RESOURCE_ID = 'data-upgrade';

/**
 * A deploy's lifecycle event: Create and Update (every deploy) run the pending data upgrades and answer the version
 * reached (the resource's `dataVersion` attribute); Delete (the stack going) runs nothing. A failed upgrade throws,
 * naming the step and the version the table stays at; the framework fails the resource with that message, and so the
 * deploy. Only 'data-upgrade' runs here: a deploy starts no backup or daily job.
 * An Update back to an older deployId is CloudFormation rolling a failed deploy back: it runs nothing (upgrades
 * are not undone, and failing again would leave the stack in UPDATE_ROLLBACK_FAILED).
 */
export async function runDeployEvent(deps: JobsDeps, event: DeployEvent): Promise<{ PhysicalResourceId: string; Data?: { dataVersion: number } }> {
  if (event.RequestType === 'Delete') return { PhysicalResourceId: event.PhysicalResourceId ?? DATA_UPGRADE_RESOURCE_ID };
  const { task, deployId } = event.ResourceProperties;
  const previous = event.OldResourceProperties?.deployId;
  if (event.RequestType === 'Update' && previous && deployId && deployId < previous) {
    // Even a table that cannot be read lets the rollback finish.
    const from = await pendingUpgrades(deps.db).then(({ from }) => from, () => undefined);
    log.info('data upgrades skipped: a rollback', { deployId, previous, dataVersion: from ?? null });
    return { PhysicalResourceId: event.PhysicalResourceId ?? DATA_UPGRADE_RESOURCE_ID, ...(from === undefined ? {} : { Data: { dataVersion: from } }) };
  }
  if (task !== 'data-upgrade') throw new Error(`A deploy runs the 'data-upgrade' task only, not '${String(task)}'`);
  try {
    const { dataVersion } = await runDataUpgrade(deps.db);
    return { PhysicalResourceId: DATA_UPGRADE_RESOURCE_ID, Data: { dataVersion } };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const { from, steps } = await pendingUpgrades(deps.db).catch(() => ({ from: undefined, steps: [] }));
    const step = steps[0] ? ` at step ${steps[0].version} (${steps[0].name})` : '';
    const stays = from === undefined ? '' : `; the table stays at data version ${from}`;
    log.error('data upgrade failed', { reason, dataVersion: from ?? null });
    throw new Error(`Data upgrade failed${step}${stays}: ${reason}`);
  }
}

const isDeployEvent = (event: JobsEvent | DeployEvent): event is DeployEvent => 'RequestType' in event;

/** Lambda entry point of the jobs (see runJobsEvent) and of the deploy's data upgrade (see runDeployEvent). */
export function handler(event: JobsEvent | DeployEvent = {}): Promise<JobsResult | Awaited<ReturnType<typeof runDeployEvent>>> {
  deployed ??= deployedDeps();
  return isDeployEvent(event) ? runDeployEvent(deployed, event) : runJobsEvent(deployed, event);
}
