import { inTurns } from '../lib/in-turns';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
// eslint-disable-next-line no-restricted-imports -- the one place a Scan is allowed: the backup and restore jobs below, never a request path.
import { BatchWriteCommand, DeleteCommand, GetCommand, QueryCommand, ScanCommand, UpdateCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import {
  BACKUP_INTERVAL_MS,
  BACKUP_JOB_KINDS,
  BACKUP_JOB_STATUSES,
  type BackupActor,
  type BackupJob,
  type BackupJobKind,
  type BackupJobStatus,
} from '@app/shared-types/backup';
import { backupFileKey, type BackupStorage } from '../backup';
import { BackupFileError, backupItems, BackupWriter, itemKeyText, UnsupportedValueError, validateBackup, type BackupSummary, type Item } from '../backup';
import { backupLockKind, backupScheduleKind, isBackedUp } from '../backup';
import * as yup from 'yup';
import { execute, parseWith } from '../db/item';
import type { Db } from '../db/client';
import { auditEntryWrite, mergedCounterWrites, systemContext, type ItemKey, type WriteContext } from '../db/entity';
import { employeeEntity } from '../people';
import { keys, newestFirst } from '../db/keys';
import { forgetLibrary } from '../quotations';
import { getSettings } from '../settings';
import { isConditionalCheckFailed, isTransactionCanceled, putNew, transactWrite } from '../db/writes';
import { log } from '../lib/log';
import { settingsReplaced } from '../settings';
import { applySubmissionRetention, type SUBMISSION_RETENTION_TASK } from './submission-retention';

/**
 * Backup and restore of the business data (superadmin only), each a job with
 * progress, one at a time (a lock item), run by the Jobs function deployed
 * (an async invoke from the admin function) and in-process locally.
 *
 * THE ONE PLACE A SCAN IS ALLOWED: a backup reads the whole table, and a
 * restore finds the items the backup does not hold, each with a parallel Scan
 * (SCAN_SEGMENTS segments). No request path scans; these run as jobs.
 */

export const SCAN_SEGMENTS = 4;
/** A job that has not finished after this long (the Jobs function times out at 15 minutes) no longer holds the lock. */
export const LOCK_MS = 20 * 60 * 1000;
/** Progress is written at most this often. */
const PROGRESS_MS = 1000;
/** BatchWriteItem takes 25 items; this many batches are in flight at once. */
const BATCH_SIZE = 25;
const BATCH_CONCURRENCY = 4;
const MAX_BATCH_ATTEMPTS = 12;
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

/** What runs a job: the table, the files, and a folder for temporary files. */
export interface BackupContext {
  db: Db;
  storage: BackupStorage;
  tmpDir?: string;
}

type JobItem = BackupJob & { pk: string; sk: string; sourceName?: string };

const nowIso = (nowMs: number) => new Date(nowMs).toISOString();

/** What a job that is still 'running' LOCK_MS after it started says: its host stopped (a crash, a timeout) and it will not finish. */
export const STALE_JOB_MESSAGE = 'The job did not finish: the server stopped while it ran. Start it again.';

/** A job as people see it at `nowMs`: one still 'running' past LOCK_MS failed (its lock is free again). */
export function jobAsSeen<T extends BackupJob>(job: T, nowMs: number): T {
  if (job.status !== 'running' || nowMs - new Date(job.startedAt).getTime() <= LOCK_MS) return job;
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
  input: { kind: BackupJobKind; trigger: 'manual' | 'scheduled'; actor: BackupActor; nowMs: number; sourceId?: string; sourceName?: string },
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

/** Releases the lock if this job still holds it (after LOCK_MS another job may have taken it: that one's stays). */
async function releaseLock(db: Db, jobId: string) {
  await db.doc
    .send(
      new DeleteCommand({
        TableName: db.table,
        Key: keys.backupLock(),
        ConditionExpression: 'jobId = :id',
        ExpressionAttributeValues: { ':id': jobId },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionalCheckFailed(error)) throw error;
    });
}

/**
 * Ends a running job: its final fields and any `extra` entries (the restore's
 * audit entry) in one transaction, then the lock's release.
 */
async function finishJob(db: Db, id: string, fields: Record<string, NativeAttributeValue>, extra: Parameters<typeof transactWrite>[1] = []) {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, NativeAttributeValue> = { ':running': 'running' };
  const sets = Object.entries(fields).map(([name, value], i) => {
    names[`#f${i}`] = name;
    values[`:f${i}`] = value;
    return `#f${i} = :f${i}`;
  });
  await transactWrite(db, [
    {
      Update: {
        TableName: db.table,
        Key: keys.backupJob(id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: '#status = :running',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
    ...extra,
  ]);
  await releaseLock(db, id);
}

async function failJob(db: Db, id: string, message: string, nowMs: number) {
  log.error('backup job failed', { jobId: id, error: message });
  await finishJob(db, id, { status: 'failed', error: message, finishedAt: nowIso(nowMs) }).catch((error: unknown) =>
    log.error('backup job could not be marked failed', { jobId: id, error }),
  );
}

/** The one Scan: every item of the table, SCAN_SEGMENTS segments at once, page by page to `onPage`. */
async function parallelScan(db: Db, onPage: (items: Item[]) => Promise<void>): Promise<void> {
  await Promise.all(
    Array.from({ length: SCAN_SEGMENTS }, async (_, segment) => {
      let start: ItemKey | undefined;
      do {
        const page = await db.doc.send(
          new ScanCommand({ TableName: db.table, Segment: segment, TotalSegments: SCAN_SEGMENTS, ExclusiveStartKey: start, ConsistentRead: true }),
        );
        await onPage(page.Items ?? []);
        start = page.LastEvaluatedKey;
      } while (start);
    }),
  );
}

/** BatchWriteItem of up to 25 requests, sending back what DynamoDB left unprocessed until it is all done. */
async function batchWrite(db: Db, requests: NonNullable<ConstructorParameters<typeof BatchWriteCommand>[0]['RequestItems']>[string]) {
  let pending = requests;
  for (let attempt = 1; pending.length > 0; attempt++) {
    if (attempt > MAX_BATCH_ATTEMPTS) throw new Error(`DynamoDB left ${pending.length} writes unprocessed after ${MAX_BATCH_ATTEMPTS} attempts`);
    if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 25 * 2 ** attempt) * Math.random()));
    const answer = await db.doc.send(new BatchWriteCommand({ RequestItems: { [db.table]: pending } }));
    pending = answer.UnprocessedItems?.[db.table] ?? [];
  }
}

async function* chunks<T>(source: AsyncIterable<T[]>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const items of source) {
    for (const item of items) {
      batch.push(item);
      if (batch.length === size) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}

/** A message for the job's record: a bad file says what is wrong; anything else stays in the log. */
function failureMessage(error: unknown): string {
  if (error instanceof BackupFileError || error instanceof UnsupportedValueError) return error.message;
  return 'The job stopped on an unexpected error (see the server log)';
}

/** Makes the backup of job `jobId`: the business items, streamed to a file, stored as backups/<jobId>.jsonl.gz. */
export async function runBackupJob(ctx: BackupContext, jobId: string, now: () => number = Date.now): Promise<void> {
  const { db, storage } = ctx;
  const job = await getBackupJob(db, jobId);
  if (!job || job.kind !== 'backup' || job.status !== 'running') return;
  const writer = new BackupWriter(ctx.tmpDir ?? tmpdir());
  const report = progressWriter(db, jobId);
  try {
    await parallelScan(db, async (items) => {
      const kept = items.filter(isBackedUp);
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

/** What a restore keeps although the backup lacks it: the account running it (its item, email marker and search tokens). */
async function protectedKeys(db: Db, actor: BackupActor, summary: BackupSummary): Promise<{ keep: (item: Item) => boolean; skip: Set<string>; kept?: Item }> {
  const employeeKey = keys.employee(actor.id);
  const skip = new Set<string>();
  if (summary.keys.has(itemKeyText(employeeKey))) return { keep: () => false, skip };
  const { Item: employee } = await db.doc.send(new GetCommand({ TableName: db.table, Key: employeeKey, ConsistentRead: true }));
  if (!employee) return { keep: () => false, skip };
  const marker = keys.employeeEmail(String(employee.email ?? '').toLowerCase());
  // The backup's marker of the same address names another account: ours stays, theirs is not written.
  skip.add(itemKeyText(marker));
  const kept = new Set([itemKeyText(employeeKey), itemKeyText(marker)]);
  return {
    keep: (item) => kept.has(itemKeyText(item)) || (String(item.pk).startsWith('SEARCH#Employee#') && item.id === actor.id),
    skip,
    kept: employee,
  };
}

/** A versioned item as a restore writes it: its version past both the backup's and the one the table held (`versions`). */
function restoredVersion(item: Item, versions: ReadonlyMap<string, number>): Item {
  if (typeof item.version !== 'number') return item;
  return { ...item, version: Math.max(item.version, versions.get(itemKeyText(item)) ?? 0) + 1 };
}

/**
 * Restores job `jobId`'s source file: validates it whole first (a bad file
 * changes nothing), writes its items, then deletes the business items it does
 * not hold. Never touches what backups leave out (sessions, the audit log...)
 * or the account running it; writes its audit entry as it finishes.
 */
export async function runRestoreJob(ctx: BackupContext, jobId: string, now: () => number = Date.now): Promise<void> {
  const { db, storage } = ctx;
  const job = await getBackupJob(db, jobId);
  if (!job || job.kind !== 'restore' || job.status !== 'running' || !job.sourceName) return;
  const source = job.sourceName;
  try {
    const first = await storage.open(source);
    if (!first) throw new BackupFileError('The backup file is no longer there');
    const summary = await validateBackup(first);
    await finishProgress(db, jobId, 0, summary.itemCount);
    const { keep, skip, kept } = await protectedKeys(db, job.startedBy, summary);
    // One Scan before writing: the versions the table holds now (every restored
    // entity moves past both its own and the backup's, so an edit form opened
    // before the restore is stale, 409, and caches keyed by version re-read),
    // and the business items the backup does not hold (deleted after the writes).
    const versions = new Map<string, number>();
    const deletions: Item[][] = [];
    await parallelScan(db, async (items) => {
      const extra: Item[] = [];
      for (const item of items) {
        const key = itemKeyText(item);
        if (typeof item.version === 'number') versions.set(key, item.version);
        if (isBackedUp(item) && !summary.keys.has(key) && !keep(item)) extra.push({ pk: item.pk, sk: item.sk });
      }
      if (extra.length > 0) deletions.push(extra);
    });

    const report = progressWriter(db, jobId);
    const second = await storage.open(source);
    if (!second) throw new BackupFileError('The backup file is no longer there');
    let written = 0;
    await inTurns(backupItems(second, BATCH_SIZE), BATCH_CONCURRENCY, async (items) => {
      const puts = items.filter((item) => !skip.has(itemKeyText(item))).map((item) => restoredVersion(item, versions));
      if (puts.length > 0) await batchWrite(db, puts.map((Item) => ({ PutRequest: { Item } })));
      written += items.length;
      await report(items.length);
    });

    let deleted = 0;
    async function* deletionBatches() {
      for (const batch of deletions) yield batch;
    }
    await inTurns(chunks(deletionBatches(), BATCH_SIZE), BATCH_CONCURRENCY, async (batch) => {
      await batchWrite(db, batch.map((Key) => ({ DeleteRequest: { Key } })));
      deleted += batch.length;
    });

    const at = nowIso(now());
    const audit: WriteContext = { actor: job.startedBy, requestId: `restore-${jobId}`, now: at };
    // The kept account is not in the backup's counters (Employees' cards): it is counted again.
    const keptCounts = kept ? mergedCounterWrites(db, employeeEntity.counterDeltas(null, employeeEntity.parse(kept))) : [];
    await finishJob(db, jobId, { status: 'succeeded', itemsDone: written, itemCount: summary.itemCount, deleted, finishedAt: at }, [
      ...keptCounts,
      auditEntryWrite(db, audit, {
        entity: 'Backup',
        entityId: job.sourceId ?? jobId,
        action: 'restore',
        changes: {
          restoredFrom: { before: null, after: job.sourceId ?? 'upload' },
          backupCreatedAt: { before: null, after: summary.header.createdAt },
          itemsWritten: { before: null, after: written },
          itemsDeleted: { before: null, after: deleted },
        },
      }),
    ]);
    // This process's caches; other processes see the moved versions (or re-read within REFRESH_MS).
    settingsReplaced(db.table);
    forgetLibrary(db);
    log.info('backup restored', { jobId, source: job.sourceId ?? 'upload', written, deleted });
    // An uploaded file has done its work (S3 also expires uploads/ after a day).
    if (source.startsWith('uploads/')) await storage.remove(source).catch((error: unknown) => log.warn('restored upload not removed', { jobId, error }));
  } catch (error) {
    if (!(error instanceof BackupFileError)) log.error('restore failed', { jobId, error });
    await failJob(db, jobId, failureMessage(error), now());
  }
}

async function finishProgress(db: Db, id: string, itemsDone: number, itemCount: number) {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.backupJob(id),
      UpdateExpression: 'SET itemsDone = :n, itemCount = :c',
      ConditionExpression: '#status = :running',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':n': itemsDone, ':c': itemCount, ':running': 'running' },
    }),
  );
}

/** Runs the job a JobRequest names (the Jobs function's and the local runner's entry). */
export async function runJob(ctx: BackupContext, request: JobRequest, now: () => number = Date.now): Promise<void> {
  if ('task' in request) {
    await applySubmissionRetention(ctx.db);
    return;
  }
  const job = await getBackupJob(ctx.db, request.backupJob.jobId);
  if (!job) return;
  if (job.kind === 'backup') await runBackupJob(ctx, job.id, now);
  else await runRestoreJob(ctx, job.id, now);
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
