import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { GetCommand, UpdateCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import * as yup from 'yup';
import { isRecord } from '@app/shared-types/guards';
import { BackupFileError, backupItems, itemKeyText, validateBackup, type BackupSummary, type Item } from '../backup';
import { backupClasses } from '../kinds';
import { batchGet } from '../db/batch-get';
import type { Db } from '../db/client';
import { auditEntryWrite, mergedCounterWrites, type ItemKey, type WriteContext } from '../db/entity';
import { mergeDeltas } from '../db/figures';
import { keys } from '../db/keys';
import { isServiceUnavailable } from '../db/unavailable';
import { isConditionalCheckFailed, isTransactionCanceled, transactWrite } from '../db/writes';
import { inTurns } from '../lib/in-turns';
import { log } from '../lib/log';
import { employeeEntity } from '../people';
import { forgetLibrary } from '../quotations';
import { settingsReplaced } from '../settings';
import type { BackupContext } from './backup';
import { failJob, failureMessage, finishJob, LOCK_MS, nowIso, SCAN_SEGMENTS, scanPage, writeAll } from './backup-table';
import { isEmployeeItem, isSessionItem, isTwoFactorItem, SIGN_IN_FIELDS, withCurrentCredentials, type Counts } from './restore-credentials';

/**
 * A restore, resumable in chunks (issue 24, 'Restores that scale'). One run
 * (an invocation of the Jobs function deployed, a turn of the local job
 * runner) works for at most its budget, then hands the job to the next run
 * (the runner starts it again: deployed, the Jobs function invokes itself).
 * Its place is kept on the job item, committed after every chunk:
 * - first run: the whole file is checked (signature, every item against its
 *   definition: a bad file changes nothing) and its fingerprint kept;
 * - 'write': the file's items from `cursor` on, a chunk at a time (the
 *   versions and sign-in state the table holds now read first), `cursor`
 *   moved on after each chunk;
 * - 'delete': the business items the backup does not hold, and every session
 *   but the restorer's, found by a parallel Scan whose segments' places
 *   (`scan0`...) are committed after each page;
 * - the end: the audit entry, the kept figures' corrections, the lock freed.
 * A later run checks that the file is the same (its fingerprint) before going
 * on. A run that dies (a killed process, a timed-out invocation, which Lambda
 * runs again) leaves the last committed place: the next run does at most one
 * chunk or page again, which writes the same items (versions move on once more).
 * A run the database stops (a timeout, throttling) hands over too; after
 * MAX_STALLS such runs in a row the restore fails. Each run claims the job
 * (`runner`); a run whose claim was taken over stops.
 */

/** Items a restore writes between two commits of its place. */
export const RESTORE_CHUNK_ITEMS = 1000;
/** How long one run works before it hands over (deployed: within the Jobs function's 15 minutes, with room for the file's check). */
export const RESTORE_BUDGET_MS = 10 * 60_000;

/** Runs in a row that the database stopped (a timeout, throttling) before the restore fails; the next run waits this long first. */
const MAX_STALLS = 5;
const STALL_PAUSE_MS = 2000;
export const STALLED_MESSAGE = `The restore stopped: the database did not answer in ${MAX_STALLS} runs in a row. Restore the backup again.`;

export type RestoreOutcome = 'done' | 'continue' | 'stopped';

/** BatchGetItem's keys a call, and the calls in flight while a chunk's current state is read. */
const BATCH_GET_KEYS = 100;
const READS_AT_ONCE = 4;
/** The fields of the sign-in state and version read before a chunk is written. */
const CURRENT_FIELDS = ['version', 'status', ...SIGN_IN_FIELDS];

const countsSchema = yup.mixed((value): value is Counts => isRecord(value)).default({});
const restoreJobSchema = yup.object({
  id: yup.string().required(),
  kind: yup.string().oneOf(['restore'] as const).required(),
  status: yup.string().required(),
  startedAt: yup.string().required(),
  startedBy: yup.object({ id: yup.string().defined(), name: yup.string().defined(), email: yup.string().defined() }).required(),
  sourceId: yup.string().optional(),
  sourceName: yup.string().required(),
  keepSessionId: yup.string().optional(),
  phase: yup.string().oneOf(['write', 'delete'] as const).optional(),
  cursor: yup.number().integer().min(0).default(0),
  fingerprint: yup.string().optional(),
  deleted: yup.number().default(0),
  sessionsEnded: yup.number().default(0),
  counts: countsSchema,
});
type RestoreJob = yup.InferType<typeof restoreJobSchema>;

interface Segment {
  start?: ItemKey;
  done: boolean;
}
const segmentOf = (value: unknown): Segment =>
  isRecord(value) && value.done === true ? { done: true } : { done: false, ...(isRecord(value) && isRecord(value.start) ? { start: value.start } : {}) };

/** Another run claimed the job (or it ended, or its lock went): this run stops, changing nothing more. */
class ClaimLost extends Error {}

async function readJob(db: Db, jobId: string): Promise<{ job: RestoreJob; segments: Segment[] } | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.backupJob(jobId), ConsistentRead: true }));
  if (!Item || Item.kind !== 'restore' || Item.status !== 'running') return undefined;
  const job = restoreJobSchema.validateSync(Item, { stripUnknown: true });
  return { job, segments: Array.from({ length: SCAN_SEGMENTS }, (_, i) => segmentOf(Item[`scan${i}`])) };
}

/**
 * Claims the job for this run, counting it in `stalls` (a commit sets it back to 0): how many runs in a row
 * have made no progress. Answers that count, or undefined when the job no longer runs.
 */
async function claim(db: Db, jobId: string, runner: string, nowMs: number): Promise<number | undefined> {
  try {
    const { Attributes } = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.backupJob(jobId),
        UpdateExpression: 'SET runner = :runner, aliveAt = :now ADD stalls :one',
        ConditionExpression: '#status = :running',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':runner': runner, ':now': nowIso(nowMs), ':running': 'running', ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(Attributes?.stalls ?? 1);
  } catch (error) {
    if (isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
}

/** What a restore keeps although the backup lacks it: the account running it (its item, email marker and search tokens). */
async function protectedKeys(db: Db, actorId: string, summary: BackupSummary): Promise<{ keep: (item: Item) => boolean; skip: Set<string>; kept?: Item }> {
  const employeeKey = keys.employee(actorId);
  const skip = new Set<string>();
  if (summary.keys.has(itemKeyText(employeeKey))) return { keep: () => false, skip };
  const { Item: employee } = await db.doc.send(new GetCommand({ TableName: db.table, Key: employeeKey, ConsistentRead: true }));
  if (!employee) return { keep: () => false, skip };
  const marker = keys.employeeEmail(String(employee.email ?? '').toLowerCase());
  // The backup's marker of the same address names another account: ours stays, theirs is not written.
  skip.add(itemKeyText(marker));
  const kept = new Set([itemKeyText(employeeKey), itemKeyText(marker), itemKeyText(keys.twoFactor(actorId))]);
  return {
    keep: (item) => kept.has(itemKeyText(item)) || (String(item.pk).startsWith('SEARCH#Employee#') && item.id === actorId),
    skip,
    kept: employee,
  };
}

/** A versioned item as a restore writes it: its version past both the backup's and the one the table holds (`current`). */
function restoredVersion(item: Item, current: unknown): Item {
  if (typeof item.version !== 'number') return item;
  return { ...item, version: Math.max(item.version, typeof current === 'number' ? current : 0) + 1 };
}

const mergeCounts = (a: Counts, b: Counts): Counts => {
  const merged: Counts = { ...a };
  for (const name of ['LEADS', 'DASHBOARD'] as const) if (b[name]) merged[name] = mergeDeltas(merged[name] ?? {}, b[name]);
  return merged;
};

/** One run of a restore: the job as read, the file's summary, what it keeps, its claim, its clock. */
class Run {
  readonly runner = randomUUID();
  private readonly deadline: number;
  constructor(
    readonly ctx: BackupContext,
    readonly job: RestoreJob,
    readonly now: () => number,
    budgetMs: number,
  ) {
    this.deadline = performance.now() + budgetMs;
  }

  get db() {
    return this.ctx.db;
  }

  outOfTime() {
    return performance.now() >= this.deadline;
  }

  /** Commits `set` (and adds `add`) on the job item, and keeps the lock, if this run still holds the job; ClaimLost if not. */
  async commit(set: Record<string, NativeAttributeValue>, add: Record<string, number> = {}) {
    const names: Record<string, string> = { '#status': 'status' };
    const values: Record<string, NativeAttributeValue> = { ':running': 'running', ':runner': this.runner, ':alive': nowIso(this.now()), ':zero': 0 };
    const sets = ['aliveAt = :alive', 'stalls = :zero'];
    const adds: string[] = [];
    Object.entries(set).forEach(([name, value], i) => {
      names[`#s${i}`] = name;
      values[`:s${i}`] = value;
      sets.push(`#s${i} = :s${i}`);
    });
    Object.entries(add).forEach(([name, value], i) => {
      names[`#a${i}`] = name;
      values[`:a${i}`] = value;
      adds.push(`#a${i} :a${i}`);
    });
    try {
      await transactWrite(this.db, [
        {
          Update: {
            TableName: this.db.table,
            Key: keys.backupJob(this.job.id),
            UpdateExpression: `SET ${sets.join(', ')}${adds.length > 0 ? ` ADD ${adds.join(', ')}` : ''}`,
            ConditionExpression: '#status = :running AND runner = :runner',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          },
        },
        {
          Update: {
            TableName: this.db.table,
            Key: keys.backupLock(),
            UpdateExpression: 'SET lockedUntil = :until',
            ConditionExpression: 'jobId = :id',
            ExpressionAttributeValues: { ':until': this.now() + LOCK_MS, ':id': this.job.id },
          },
        },
      ]);
    } catch (error) {
      // A condition of ours failed: another run holds the job, it ended, or its lock went. (A conflict or throttling is not that.)
      if (isTransactionCanceled(error, 0) || isTransactionCanceled(error, 1)) throw new ClaimLost();
      throw error;
    }
  }
}

async function openSource(ctx: BackupContext, name: string): Promise<Readable> {
  const file = await ctx.storage.open(name);
  if (!file) throw new BackupFileError('The backup file is no longer there');
  return file;
}

/** Writes one chunk of the backup's items; answers the kept figures' corrections it makes. */
async function writeChunk(run: Run, chunk: Item[], skip: Set<string>): Promise<Counts> {
  // Two-factor items are never written: each account keeps the one it has now (restore-credentials.ts).
  const items = chunk.filter((item) => !skip.has(itemKeyText(item)) && !isTwoFactorItem(item));
  const read = items.filter((item) => typeof item.version === 'number' || isEmployeeItem(item)).map((item) => ({ pk: item.pk, sk: item.sk }));
  const groups: (typeof read)[] = [];
  for (let i = 0; i < read.length; i += BATCH_GET_KEYS) groups.push(read.slice(i, i + BATCH_GET_KEYS));
  const found = await inTurns(groups, READS_AT_ONCE, (group) => batchGet(run.db, group, CURRENT_FIELDS));
  const current = new Map(found.flat().map((item) => [itemKeyText(item), item]));
  let counts: Counts = {};
  const puts = items.map((item) => {
    const now = current.get(itemKeyText(item));
    const restored = restoredVersion(item, now?.version);
    if (!isEmployeeItem(item)) return restored;
    const merged = withCurrentCredentials(restored, now, nowIso(run.now()));
    counts = mergeCounts(counts, merged.counts);
    return merged.item;
  });
  await writeAll(run.db, puts.map((Item) => ({ PutRequest: { Item } })));
  return counts;
}

/** The write phase from the job's cursor; true when the file's items are all written. */
async function writePhase(run: Run, skip: Set<string>): Promise<boolean> {
  const file = await openSource(run.ctx, run.job.sourceName);
  let cursor = run.job.cursor;
  let counts = run.job.counts;
  try {
    for await (const chunk of backupItems(file, backupClasses, run.ctx.restore?.chunkItems ?? RESTORE_CHUNK_ITEMS, cursor)) {
      counts = mergeCounts(counts, await writeChunk(run, chunk, skip));
      cursor += chunk.length;
      await run.commit({ cursor, itemsDone: cursor, counts });
      if (run.outOfTime()) return false;
    }
  } finally {
    file.destroy();
  }
  await run.commit({ phase: 'delete' });
  return true;
}

/** The delete phase from each segment's place; true when every segment is done. */
async function deletePhase(run: Run, segments: Segment[], doomed: (item: Item) => boolean): Promise<boolean> {
  const done = await Promise.all(
    segments.map(async (segment, index) => {
      let { start, done } = segment;
      while (!done) {
        const page = await scanPage(run.db, index, start);
        const sessions = page.items.filter((item) => isSessionItem(item) && item.id !== run.job.keepSessionId);
        const extra = page.items.filter(doomed);
        await writeAll(run.db, [...sessions, ...extra].map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })));
        start = page.next;
        done = !start;
        await run.commit({ [`scan${index}`]: done ? { done: true } : { start } }, { deleted: extra.length, sessionsEnded: sessions.length });
        if (run.outOfTime()) break;
      }
      return done;
    }),
  );
  return done.every(Boolean);
}

/**
 * Runs a restore job for one run's budget: 'done' when it ended (succeeded
 * or failed, with the reason on the job), 'continue' when the next run must
 * go on from the place it committed, 'stopped' when another run holds it or
 * it no longer runs.
 */
export async function runRestoreJob(ctx: BackupContext, jobId: string, now: () => number = Date.now): Promise<RestoreOutcome> {
  const { db } = ctx;
  const read = await readJob(db, jobId);
  if (!read) return 'stopped';
  const run = new Run(ctx, read.job, now, ctx.restore?.budgetMs ?? RESTORE_BUDGET_MS);
  const { job } = run;
  const stalls = await claim(db, jobId, run.runner, now());
  if (stalls === undefined) return 'stopped';
  if (stalls > MAX_STALLS) {
    await failJob(db, jobId, STALLED_MESSAGE, now());
    return 'done';
  }
  try {
    const key = await ctx.key.getBackupKey();
    // Only a backup in the host's own storage (never an upload) may be of the unsigned format 1.
    const options = { key, classes: backupClasses, acceptUnsigned: job.sourceName.startsWith('backups/') };
    // The first run checks every item against its definition; a later one, the same file (its fingerprint).
    const summary = await validateBackup(await openSource(ctx, job.sourceName), { ...options, definitions: job.phase === undefined });
    if (job.phase === undefined) {
      await run.commit({ phase: 'write', cursor: 0, itemsDone: 0, itemCount: summary.itemCount, fingerprint: summary.fingerprint, counts: {} });
      job.phase = 'write';
    } else if (job.fingerprint !== summary.fingerprint) {
      throw new BackupFileError('The backup file changed while it was being restored');
    }
    const { keep, skip, kept } = await protectedKeys(db, job.startedBy.id, summary);
    if (job.phase === 'write' && !(await writePhase(run, skip))) return 'continue';
    /** A business item the backup does not hold; a two-factor item goes only with its account. */
    const doomed = (item: Item) => {
      if (!backupClasses.isBackedUp(item) || summary.keys.has(itemKeyText(item)) || keep(item)) return false;
      if (!isTwoFactorItem(item)) return true;
      const employee = keys.employee(String(item.employeeId ?? ''));
      return !summary.keys.has(itemKeyText(employee)) && !keep(employee);
    };
    if (!(await deletePhase(run, read.segments, doomed))) return 'continue';
    await finish(run, summary, kept);
    return 'done';
  } catch (error) {
    if (error instanceof ClaimLost) {
      log.warn('restore run stopped: another run holds the job', { jobId });
      return 'stopped';
    }
    // The database did not answer (a timeout, throttling, a write conflict): the next run goes on from the last committed place.
    if (isServiceUnavailable(error) || isTransactionCanceled(error)) {
      log.warn('restore run stopped: the database did not answer; the next run goes on', { jobId, stalls, error });
      await new Promise((resolve) => setTimeout(resolve, ctx.restore?.stallPauseMs ?? STALL_PAUSE_MS));
      return 'continue';
    }
    if (!(error instanceof BackupFileError)) log.error('restore failed', { jobId, error });
    await failJob(db, jobId, failureMessage(error), now());
    return 'done';
  }
}

/** The end: the job's final fields, the kept figures' corrections and the audit entry in one transaction; caches; the upload. */
async function finish(run: Run, summary: BackupSummary, kept: Item | undefined) {
  const { db, job } = run;
  const final = await readJob(db, job.id);
  if (!final) throw new ClaimLost();
  const { deleted, sessionsEnded, counts } = final.job;
  const at = nowIso(run.now());
  const audit: WriteContext = { actor: job.startedBy, requestId: `restore-${job.id}`, now: at };
  // The kept account is not in the backup's counters (Employees' cards): it is counted again.
  const keptCounts = kept ? employeeEntity.counterDeltas(null, employeeEntity.parse(kept)) : {};
  const fields = { status: 'succeeded', itemsDone: summary.itemCount, itemCount: summary.itemCount, deleted, finishedAt: at };
  await finishJob(db, job.id, fields, [
    ...mergedCounterWrites(db, keptCounts, counts),
    auditEntryWrite(db, audit, {
      entity: 'Backup',
      entityId: job.sourceId ?? job.id,
      title: job.sourceId ?? 'An uploaded backup file',
      action: 'restore',
      changes: {
        restoredFrom: { before: null, after: job.sourceId ?? 'upload' },
        backupCreatedAt: { before: null, after: summary.header.createdAt },
        itemsWritten: { before: null, after: summary.itemCount },
        itemsDeleted: { before: null, after: deleted },
        sessionsEnded: { before: null, after: sessionsEnded },
      },
    }),
  ], run.runner);
  // This process's caches; other processes see the moved versions (or re-read within REFRESH_MS).
  settingsReplaced(db.table);
  forgetLibrary(db);
  log.info('backup restored', { jobId: job.id, source: job.sourceId ?? 'upload', written: summary.itemCount, deleted, sessionsEnded });
  // An uploaded file has done its work (S3 also expires uploads/ after a day).
  if (job.sourceName.startsWith('uploads/')) {
    await run.ctx.storage.remove(job.sourceName).catch((error: unknown) => log.warn('restored upload not removed', { jobId: job.id, error }));
  }
}
