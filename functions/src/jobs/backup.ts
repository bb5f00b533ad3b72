import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { GetCommand, QueryCommand, UpdateCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import {
  BACKUP_INTERVAL_MS,
  BACKUP_JOB_KINDS,
  BACKUP_JOB_STATUSES,
  type BackupActor,
  type BackupJob,
  type BackupJobKind,
  type BackupJobStatus,
} from '@app/shared-types/backup';
import { backupFileKey, type BackupKeyProvider, type BackupStorage } from '../backup';
import { BackupWriter, UnsupportedValueError } from '../backup';
import { backupLockKind, backupScheduleKind } from '../backup';
import { backupClasses } from '../kinds';
import * as yup from 'yup';
import { execute, parseWith } from '../db/item';
import type { Db } from '../db/client';
import { systemContext, type ItemKey } from '../db/entity';
import { keys, newestFirst } from '../db/keys';
import { getSettings } from '../settings';
import { isConditionalCheckFailed, isTransactionCanceled, putNew, transactWrite } from '../db/writes';
import { log } from '../lib/log';
import { failJob, failureMessage, finishJob, LOCK_MS, nowIso, parallelScan } from './backup-table';
import { runRestoreJob } from './restore';
import { applySubmissionRetention, type SUBMISSION_RETENTION_TASK } from './submission-retention';

export { LOCK_MS, SCAN_SEGMENTS } from './backup-table';
export { RESTORE_BUDGET_MS, RESTORE_CHUNK_ITEMS, runRestoreJob } from './restore';

/**
 * Backup and restore of the business data (superadmin only), each a job with
 * progress, one at a time (a lock item), run by the Jobs function deployed
 * (an async invoke from the admin function) and in-process locally. A backup
 * is one run (a parallel Scan into a signed file); a restore goes in runs of
 * a bounded time, each going on from where the last one stopped (restore.ts).
 */

/** Progress is written at most this often. */
const PROGRESS_MS = 1000;
/** The hourly check runs a backup when the last one is at least its interval old, less this (so a daily backup does not slip an hour each day). */
const SCHEDULE_SLACK_MS = 10 * 60 * 1000;

/** What starts a job in the background: in-process locally, an async invoke of the Jobs function deployed (job-runner.ts). */
export interface JobRunner {
  start(request: JobRequest): Promise<void>;
}
/**
 * A job to run in the background: a backup or restore (its job item), or
 * Settings > dataRetentionDays applied to the stored submissions after a save changed it.
 */
export type JobRequest = { backupJob: { jobId: string } } | { task: typeof SUBMISSION_RETENTION_TASK };

/** What runs a job: the table, the files, the key they are signed with, and a folder for temporary files. */
export interface BackupContext {
  db: Db;
  storage: BackupStorage;
  key: BackupKeyProvider;
  tmpDir?: string;
  /** Starts a restore's next run (this process's runner, or the Jobs function invoking itself); without one the next run follows here. */
  runner?: JobRunner;
  /** A restore's chunk size, each run's budget and the pause after a run the database stopped (restore.ts's defaults; tests use small ones). */
  restore?: { chunkItems?: number; budgetMs?: number; stallPauseMs?: number };
}

type JobItem = BackupJob & { pk: string; sk: string; sourceName?: string; keepSessionId?: string };

/** What a job that is still 'running' LOCK_MS after it last reported says: its host stopped (a crash, a timeout) and it will not finish. */
export const STALE_JOB_MESSAGE = 'The job did not finish: the server stopped while it ran. Start it again.';

/** A job as people see it at `nowMs`: one still 'running' LOCK_MS after it last reported (a restore's runs report each chunk) failed (its lock is free again). */
export function jobAsSeen<T extends BackupJob>(job: T, nowMs: number): T {
  if (job.status !== 'running' || nowMs - new Date(job.aliveAt ?? job.startedAt).getTime() <= LOCK_MS) return job;
  return { ...job, status: 'failed', error: STALE_JOB_MESSAGE };
}

/** A job item's stored shape: parsing drops its keys, index attributes and sourceName. */
const storedJob = yup.object({
  id: yup.string().required(),
  kind: yup.mixed<BackupJobKind>().oneOf([...BACKUP_JOB_KINDS]).required(),
  status: yup.mixed<BackupJobStatus>().oneOf([...BACKUP_JOB_STATUSES]).required(),
  trigger: yup.mixed<BackupJob['trigger']>().oneOf(['manual', 'scheduled']).required(),
  startedAt: yup.string().required(),
  finishedAt: yup.string().optional(),
  aliveAt: yup.string().optional(),
  startedBy: yup.object({ id: yup.string().defined(), name: yup.string().defined(), email: yup.string().defined() }).required(),
  itemsDone: yup.number().required(),
  itemCount: yup.number().optional(),
  size: yup.number().optional(),
  sourceId: yup.string().optional(),
  deleted: yup.number().optional(),
  error: yup.string().optional(),
});

const toJob = (item: Record<string, NativeAttributeValue>): BackupJob => parseWith('BackupJob', storedJob, item);

/** Starts a job: takes the lock and writes the job item in one transaction; 'busy' when another job holds the lock. */
export async function startBackupJob(
  db: Db,
  input: { kind: BackupJobKind; trigger: 'manual' | 'scheduled'; actor: BackupActor; nowMs: number; sourceId?: string; sourceName?: string; keepSessionId?: string },
): Promise<BackupJob | 'busy'> {
  const id = randomUUID();
  const startedAt = nowIso(input.nowMs);
  const job: JobItem = {
    ...keys.backupJob(id),
    id,
    kind: input.kind,
    status: 'running',
    trigger: input.trigger,
    startedAt,
    startedBy: input.actor,
    itemsDone: 0,
    ...(input.sourceId ? { sourceId: input.sourceId } : {}),
    ...(input.sourceName ? { sourceName: input.sourceName } : {}),
    // A restore ends every session but this one (the restorer's).
    ...(input.keepSessionId ? { keepSessionId: input.keepSessionId } : {}),
  };
  try {
    await transactWrite(db, [
      {
        Put: {
          TableName: db.table,
          Item: { ...keys.backupLock(), entityType: 'BackupLock', jobId: id, kind: input.kind, lockedUntil: input.nowMs + LOCK_MS },
          ConditionExpression: 'attribute_not_exists(pk) OR lockedUntil < :now',
          ExpressionAttributeValues: { ':now': input.nowMs },
        },
      },
      putNew(db, { ...job, entityType: 'BackupJob', gsi1pk: keys.backupJobs(), gsi1sk: newestFirst(startedAt, id) }),
    ]);
  } catch (error) {
    if (isTransactionCanceled(error, 0)) return 'busy';
    throw error;
  }
  return toJob(job);
}

export async function getBackupJob(db: Db, id: string): Promise<(BackupJob & { sourceName?: string }) | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.backupJob(id), ConsistentRead: true }));
  return Item ? { ...toJob(Item), ...(typeof Item.sourceName === 'string' ? { sourceName: Item.sourceName } : {}) } : undefined;
}

/** One page of the jobs, newest first. */
export async function listBackupJobs(db: Db, limit: number, start?: ItemKey): Promise<{ items: BackupJob[]; lastKey?: ItemKey }> {
  const page = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.backupJobs() },
      Limit: limit,
      ExclusiveStartKey: start,
    }),
  );
  return { items: (page.Items ?? []).map(toJob), lastKey: page.LastEvaluatedKey };
}

export const backupJobCursorKeys = {
  names: ['pk', 'sk', 'gsi1pk', 'gsi1sk'],
  partition: { name: 'gsi1pk', values: [keys.backupJobs()] },
  item: { pkPrefix: 'BACKUPJOB#', sk: 'BACKUPJOB' },
};

/** The newest backup that succeeded, if any. */
export async function lastSuccessfulBackup(db: Db): Promise<BackupJob | undefined> {
  const page = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.backupsSucceeded() },
      Limit: 1,
    }),
  );
  const item = page.Items?.[0];
  return item ? toJob(item) : undefined;
}

/** Moves a running job's progress on (never a finished one's). */
async function progress(db: Db, id: string, itemsDone: number) {
  await db.doc
    .send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.backupJob(id),
        UpdateExpression: 'SET itemsDone = :n',
        ConditionExpression: '#status = :running',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':n': itemsDone, ':running': 'running' },
      }),
    )
    .catch((error: unknown) => log.warn('backup progress not written', { jobId: id, error }));
}

/** Progress written at most every PROGRESS_MS. */
function progressWriter(db: Db, id: string) {
  let last = 0;
  let done = 0;
  return async (more: number) => {
    done += more;
    if (Date.now() - last < PROGRESS_MS) return;
    last = Date.now();
    await progress(db, id, done);
  };
}

/** Makes the backup of job `jobId`: the business items, streamed to a file, stored as backups/<jobId>.jsonl.gz. */
export async function runBackupJob(ctx: BackupContext, jobId: string, now: () => number = Date.now): Promise<void> {
  const { db, storage } = ctx;
  const job = await getBackupJob(db, jobId);
  if (!job || job.kind !== 'backup' || job.status !== 'running') return;
  const writer = new BackupWriter(ctx.tmpDir ?? tmpdir(), await ctx.key.getBackupKey());
  const report = progressWriter(db, jobId);
  try {
    await parallelScan(db, async (items) => {
      const kept = items.filter(backupClasses.isBackedUp);
      await writer.add(kept);
      await report(kept.length);
    });
    const file = await writer.finish({ createdAt: job.startedAt, createdBy: job.startedBy });
    const { size } = await storage.save(backupFileKey(jobId), file.path);
    await finishJob(db, jobId, {
      status: 'succeeded',
      itemsDone: file.itemCount,
      itemCount: file.itemCount,
      size,
      finishedAt: nowIso(now()),
      gsi2pk: keys.backupsSucceeded(),
      gsi2sk: newestFirst(job.startedAt, jobId),
    });
    log.info('backup made', { jobId, items: file.itemCount, bytes: size });
  } catch (error) {
    await writer.discard();
    if (!(error instanceof UnsupportedValueError)) log.error('backup failed', { jobId, error });
    await failJob(db, jobId, failureMessage(error), now());
  }
}

/** Runs the job a JobRequest names (the Jobs function's and the local runner's entry). */
export async function runJob(ctx: BackupContext, request: JobRequest, now: () => number = Date.now): Promise<void> {
  if ('task' in request) {
    await applySubmissionRetention(ctx.db);
    return;
  }
  const job = await getBackupJob(ctx.db, request.backupJob.jobId);
  if (!job) return;
  if (job.kind === 'backup') {
    await runBackupJob(ctx, job.id, now);
    return;
  }
  // A restore that used its run's budget goes on in the next run.
  if ((await runRestoreJob(ctx, job.id, now)) !== 'continue') return;
  if (ctx.runner) await ctx.runner.start(request);
  else await runJob(ctx, request, now);
}

/**
 * A restore whose run died (the local host was stopped while it ran) goes on
 * where it stopped: the local host calls this as it starts. (Deployed, Lambda
 * runs a timed-out or failed invocation of the Jobs function again itself.)
 */
export async function resumeRestore(db: Db, runner: JobRunner): Promise<BackupJob | undefined> {
  const job = await lockHoldingJob(db);
  if (!job || job.kind !== 'restore' || job.status !== 'running') return undefined;
  await runner.start({ backupJob: { jobId: job.id } });
  return job;
}

/** Who scheduled backups are made by. */
export const SCHEDULE_ACTOR: BackupActor = systemContext('').actor;

/**
 * When the schedule began: the time of its first check on this table (the
 * install, locally its first start), recorded once. Until a backup succeeds,
 * the next one is due a period after it: a fresh install has nothing to back up.
 */
async function scheduleStartedAt(db: Db, nowMs: number): Promise<number> {
  const began = await backupScheduleKind.get(db, []);
  if (began) return began.startedAt;
  try {
    await execute(db, backupScheduleKind.put([], { startedAt: nowMs }));
    return nowMs;
  } catch (error) {
    // Another check recorded it first: theirs stands.
    if (!isConditionalCheckFailed(error)) throw error;
    return scheduleStartedAt(db, nowMs);
  }
}

/**
 * The schedule (hourly: EventBridge deployed, a timer locally): starts a
 * backup when the last successful one is older than Settings > System >
 * backupFrequency, or, before any, when the schedule began that long ago
 * (never at an install's first start). Idempotent: a backup made in between,
 * or one running (the lock), means nothing to do. Answers the job started, if any.
 */
export async function runScheduledBackup(db: Db, runner: JobRunner, nowMs: number): Promise<BackupJob | undefined> {
  const { system } = await getSettings(db);
  const last = await lastSuccessfulBackup(db);
  const interval = BACKUP_INTERVAL_MS[system.backupFrequency];
  const since = last ? new Date(last.startedAt).getTime() : await scheduleStartedAt(db, nowMs);
  if (nowMs - since < interval - SCHEDULE_SLACK_MS) return undefined;
  const job = await startBackupJob(db, { kind: 'backup', trigger: 'scheduled', actor: SCHEDULE_ACTOR, nowMs });
  if (job === 'busy') return undefined;
  await runner.start({ backupJob: { jobId: job.id } });
  return job;
}

/** The job holding the backup lock, if one does (the routes' 409 names it). */
export async function lockHoldingJob(db: Db): Promise<BackupJob | null> {
  const lock = await backupLockKind.get(db, []);
  return lock ? ((await getBackupJob(db, lock.jobId)) ?? null) : null;
}
