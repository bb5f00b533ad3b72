// eslint-disable-next-line no-restricted-imports -- the one place a Scan is allowed: the backup and restore jobs (backup.ts, restore.ts), never a request path.
import { BatchWriteCommand, DeleteCommand, ScanCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { BackupFileError, UnsupportedValueError, type Item } from '../backup';
import type { Db } from '../db/client';
import type { ItemKey } from '../db/entity';
import { keys } from '../db/keys';
import { UnprocessedItems } from '../db/unavailable';
import { isConditionalCheckFailed, transactWrite } from '../db/writes';
import { inTurns } from '../lib/in-turns';
import { log } from '../lib/log';

/**
 * What the backup and restore jobs (backup.ts, restore.ts) share of the table:
 * THE ONE PLACE A SCAN IS ALLOWED (a backup reads the whole table, a restore
 * finds the items the backup does not hold, each with a parallel Scan of
 * SCAN_SEGMENTS segments; no request path scans), BatchWrite, and the end of
 * a job (its final fields, the lock's release).
 */

export const SCAN_SEGMENTS = 4;
/** A job that has not reported for this long (the Jobs function times out at 15 minutes) no longer holds the lock. */
export const LOCK_MS = 20 * 60 * 1000;
/** BatchWriteItem takes 25 items; this many batches are in flight at once. */
export const BATCH_SIZE = 25;
const BATCH_CONCURRENCY = 4;
const MAX_BATCH_ATTEMPTS = 12;

export const nowIso = (nowMs: number) => new Date(nowMs).toISOString();

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
 * audit entry) in one transaction, then the lock's release. `runner`: only if
 * that run of a restore still holds the job (restore.ts).
 */
export async function finishJob(db: Db, id: string, fields: Record<string, NativeAttributeValue>, extra: Parameters<typeof transactWrite>[1] = [], runner?: string) {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, NativeAttributeValue> = { ':running': 'running', ...(runner ? { ':runner': runner } : {}) };
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
        ConditionExpression: runner ? '#status = :running AND runner = :runner' : '#status = :running',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
    ...extra,
  ]);
  await releaseLock(db, id);
}

export async function failJob(db: Db, id: string, message: string, nowMs: number) {
  log.error('backup job failed', { jobId: id, error: message });
  await finishJob(db, id, { status: 'failed', error: message, finishedAt: nowIso(nowMs) }).catch((error: unknown) =>
    log.error('backup job could not be marked failed', { jobId: id, error }),
  );
}

/** A message for the job's record: a bad file says what is wrong; anything else stays in the log. */
export function failureMessage(error: unknown): string {
  if (error instanceof BackupFileError || error instanceof UnsupportedValueError) return error.message;
  return 'The job stopped on an unexpected error (see the server log)';
}

/** One page of one segment of the parallel Scan, from `start`. */
export async function scanPage(db: Db, segment: number, start?: ItemKey): Promise<{ items: Item[]; next?: ItemKey }> {
  const page = await db.doc.send(new ScanCommand({ TableName: db.table, Segment: segment, TotalSegments: SCAN_SEGMENTS, ExclusiveStartKey: start, ConsistentRead: true }));
  return { items: page.Items ?? [], next: page.LastEvaluatedKey };
}

/** Every item of the table, SCAN_SEGMENTS segments at once, page by page to `onPage`. */
export async function parallelScan(db: Db, onPage: (items: Item[]) => Promise<void>): Promise<void> {
  await Promise.all(
    Array.from({ length: SCAN_SEGMENTS }, async (_, segment) => {
      let start: ItemKey | undefined;
      do {
        const page = await scanPage(db, segment, start);
        await onPage(page.items);
        start = page.next;
      } while (start);
    }),
  );
}

type WriteRequests = NonNullable<ConstructorParameters<typeof BatchWriteCommand>[0]['RequestItems']>[string];

/** BatchWriteItem of up to 25 requests, sending back what DynamoDB left unprocessed until it is all done. */
async function batchWrite(db: Db, requests: WriteRequests) {
  let pending = requests;
  for (let attempt = 1; pending.length > 0; attempt++) {
    if (attempt > MAX_BATCH_ATTEMPTS) throw new UnprocessedItems(`DynamoDB left ${pending.length} writes unprocessed after ${MAX_BATCH_ATTEMPTS} attempts`);
    if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 25 * 2 ** attempt) * Math.random()));
    const answer = await db.doc.send(new BatchWriteCommand({ RequestItems: { [db.table]: pending } }));
    pending = answer.UnprocessedItems?.[db.table] ?? [];
  }
}

/** Puts or deletes any number of items: BatchWrites of 25, BATCH_CONCURRENCY at once; all done when it resolves. */
export async function writeAll(db: Db, requests: WriteRequests): Promise<void> {
  const batches: WriteRequests[] = [];
  for (let i = 0; i < requests.length; i += BATCH_SIZE) batches.push(requests.slice(i, i + BATCH_SIZE));
  await inTurns(batches, BATCH_CONCURRENCY, (batch) => batchWrite(db, batch));
}
