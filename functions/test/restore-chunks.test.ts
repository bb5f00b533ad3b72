import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { staticBackupKey } from '../src/backup/backup-key';
import { backupFileKey, localBackupStorage } from '../src/backup/backup-storage';
import type { Db } from '../src/db/client';
import { keys } from '../src/db/keys';
import { resumeRestore, runBackupJob, runJob, startBackupJob, type BackupContext, type JobRequest, type JobRunner } from '../src/jobs/backup';
import { STALLED_MESSAGE } from '../src/jobs/restore';
import { writeAll } from '../src/jobs/backup-table';
import { vendorEntity } from '../src/vendors/vendor-repo';
import { businessItems, comparable, handMade, type Item } from './backup-helpers';
import { createTestApp } from './helpers';

/**
 * Restores that scale (issue 24): a restore runs in chunks, its place kept on
 * the job item; a run that dies (here: its database calls all fail from some
 * moment on, as when the process is killed) leaves the last committed place,
 * and the next run goes on from there, neither losing nor repeating items.
 * 2,000 items in chunks of 100, one chunk a run; `npm run bench` does 200,000.
 */

const VENDORS = 1000;
const CHUNK = 100;
const actor = { id: 'restore-test', name: 'Restore test', email: '' };

/** A vendor as the app stores it, and one search token of it: 2 items. */
function vendorItems(n: number): Item[] {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const at = new Date(1_760_000_000_000 + n * 1000).toISOString();
  const vendor = vendorEntity.parse({ id, name: `Vendor ${n}`, category: 'furniture', phone: `9${String(n).padStart(9, '0')}`, city: 'Pune', status: 'active', createdAt: at, updatedAt: at, version: 1 });
  return [vendorEntity.stored(vendor), { ...keys.searchToken('Vendor', `vendor${n}`, `${at}#${id}`), entityType: 'SearchToken', id }];
}

const put = (db: Db, items: Item[]) => writeAll(db, items.map((Item) => ({ PutRequest: { Item } })));

/**
 * `db` whose calls all fail from the call `dies` picks on (that one included),
 * as a killed process's would: nothing after it reaches the table, not even the job's failure.
 */
function dyingDb(db: Db, dies: (command: unknown) => boolean): Db {
  let dead = false;
  const doc = new Proxy(db.doc, {
    get(target, property, receiver) {
      if (property !== 'send') return Reflect.get(target, property, receiver);
      return (command: Parameters<typeof target.send>[0]) => {
        if (dead || dies(command)) {
          dead = true;
          return Promise.reject(new Error('the process was killed'));
        }
        return target.send(command);
      };
    },
  });
  return { ...db, doc };
}

/** The BatchWrite requests of a command, by kind (none for another command). */
function batchRequests(command: unknown): { puts: number; deletes: number } {
  if (!(command instanceof BatchWriteCommand)) return { puts: 0, deletes: 0 };
  const requests = Object.values(command.input.RequestItems ?? {}).flat();
  return { puts: requests.filter((request) => request.PutRequest).length, deletes: requests.filter((request) => request.DeleteRequest).length };
}

/** A db that counts the items its BatchWrites put. */
function counting(db: Db) {
  const seen = { puts: 0 };
  const counted = dyingDb(db, (command) => {
    seen.puts += batchRequests(command).puts;
    return false;
  });
  return { db: counted, seen };
}

/** A runner that queues the next runs; `drain` runs them in turn with `ctx` until none is left, and counts them. */
function queue() {
  const held: JobRequest[] = [];
  const runner: JobRunner = { start: async (request) => void held.push(request) };
  return {
    runner,
    held,
    async drain(ctx: BackupContext) {
      let runs = 0;
      for (let request = held.shift(); request; request = held.shift()) {
        runs += 1;
        await runJob(ctx, request);
      }
      return runs;
    },
  };
}

const jobItem = async (db: Db, id: string) => (await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.backupJob(id), ConsistentRead: true }))).Item;

// Some 20 runs of a restore each (the file checked at each), on a machine the other test files share.
describe('a restore in chunks, interrupted and resumed', { timeout: 60_000 }, () => {
  let db: Db;
  const key = randomBytes(32);
  let context: Omit<BackupContext, 'db'>;
  let backupId: string;
  let backedUp: Map<string, Item>;

  beforeAll(async () => {
    ({ db } = await createTestApp());
    const root = mkdtempSync(join(tmpdir(), 'restore-chunks-'));
    context = { storage: localBackupStorage(root).storage, key: staticBackupKey(key), tmpDir: join(root, 'tmp'), restore: { chunkItems: CHUNK, budgetMs: 0, stallPauseMs: 10 } };
    await put(db, Array.from({ length: VENDORS }, (_, n) => vendorItems(n)).flat());
    const job = await startBackupJob(db, { kind: 'backup', trigger: 'manual', actor, nowMs: Date.now() });
    if (job === 'busy') throw new Error('busy');
    await runBackupJob({ db, ...context }, job.id);
    backupId = job.id;
    backedUp = await businessItems(db);
    expect(backedUp.size).toBeGreaterThanOrEqual(2 * VENDORS);
  });

  /** Changes the table (100 vendors added, 100 deleted), starts a restore of the backup, and runs it with `db` until that dies. */
  async function interruptedRestore(dies: (command: unknown) => boolean) {
    await put(db, Array.from({ length: 100 }, (_, n) => vendorItems(VENDORS + n)).flat());
    await writeAll(db, [...backedUp.values()].slice(0, 100).map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })));
    const job = await startBackupJob(db, { kind: 'restore', trigger: 'manual', actor, nowMs: Date.now(), sourceId: backupId, sourceName: backupFileKey(backupId) });
    if (job === 'busy') throw new Error('busy');
    const runs = queue();
    await runs.runner.start({ backupJob: { jobId: job.id } });
    const runsBeforeKill = await runs.drain({ ...context, db: dyingDb(db, dies), runner: runs.runner });
    return { job, runsBeforeKill };
  }

  it('killed in the middle of a chunk of its writes, it goes on from the last committed chunk: every item once, the table equal to the backup', async () => {
    let batches = 0;
    // 4 batches of 25 a chunk: the 22nd batch is the 2nd of the 6th chunk, after 5 committed chunks.
    const { job, runsBeforeKill } = await interruptedRestore((command) => batchRequests(command).puts > 0 && ++batches === 22);
    expect(runsBeforeKill).toBe(6);
    const left = await jobItem(db, job.id);
    expect(left).toMatchObject({ status: 'running', phase: 'write', cursor: 5 * CHUNK, itemsDone: 5 * CHUNK, itemCount: backedUp.size });

    // The host starts again: the restore holding the lock goes on (local/server.ts calls resumeRestore).
    const runs = queue();
    expect(await resumeRestore(db, runs.runner)).toMatchObject({ id: job.id });
    const healthy = counting(db);
    const resumed = await runs.drain({ ...context, db: healthy.db, runner: runs.runner });

    // Items 0..499 were written before the kill and are not written again; the rest once each.
    expect(healthy.seen.puts).toBe(backedUp.size - 5 * CHUNK);
    expect(resumed).toBeGreaterThan(1);
    expect(await jobItem(db, job.id)).toMatchObject({ status: 'succeeded', itemsDone: backedUp.size, itemCount: backedUp.size, deleted: 200 });
    const after = await businessItems(db);
    expect(after.size).toBe(backedUp.size);
    expect(comparable(after)).toEqual(comparable(backedUp));
  });

  it('killed while deleting what the backup lacks, it goes on from the last committed page of each segment', async () => {
    let deletes = 0;
    const { job } = await interruptedRestore((command) => batchRequests(command).deletes > 0 && ++deletes === 1);
    expect(await jobItem(db, job.id)).toMatchObject({ status: 'running', phase: 'delete', cursor: backedUp.size });
    const runs = queue();
    await runs.runner.start({ backupJob: { jobId: job.id } });
    const healthy = counting(db);
    await runs.drain({ ...context, db: healthy.db, runner: runs.runner });
    expect(healthy.seen.puts).toBe(0);
    expect(await jobItem(db, job.id)).toMatchObject({ status: 'succeeded', deleted: 200 });
    expect(comparable(await businessItems(db))).toEqual(comparable(backedUp));
  });

  /** `db` whose BatchWrites time out (as the SDK reports it) when `times` says so. */
  function timingOut(times: (batch: number) => boolean): Db {
    let batches = 0;
    return dyingDb(db, (command) => {
      if (!(command instanceof BatchWriteCommand) || !times(++batches)) return false;
      throw Object.assign(new Error('a request has exceeded the configured requestTimeout'), { name: 'TimeoutError' });
    });
  }

  it('a run the database stops (a timeout) hands over, and the next one goes on from the last committed chunk', async () => {
    await put(db, vendorItems(VENDORS + 500));
    const job = await startBackupJob(db, { kind: 'restore', trigger: 'manual', actor, nowMs: Date.now(), sourceId: backupId, sourceName: backupFileKey(backupId) });
    if (job === 'busy') throw new Error('busy');
    const runs = queue();
    await runs.runner.start({ backupJob: { jobId: job.id } });
    // The 7th batch (in the 2nd chunk) times out, once.
    await runs.drain({ ...context, db: timingOut((batch) => batch === 7), runner: runs.runner });
    expect(await jobItem(db, job.id)).toMatchObject({ status: 'succeeded', deleted: 2, stalls: 0 });
    expect(comparable(await businessItems(db))).toEqual(comparable(backedUp));
  });

  it('after 5 runs in a row the database stopped, the restore fails with the reason', async () => {
    const restart = await startBackupJob(db, { kind: 'restore', trigger: 'manual', actor, nowMs: Date.now(), sourceId: backupId, sourceName: backupFileKey(backupId) });
    if (restart === 'busy') throw new Error('busy');
    const runs = queue();
    await runs.runner.start({ backupJob: { jobId: restart.id } });
    // The first run's check of the file counts as progress; then 5 runs without any, and the 7th fails the job.
    const count = await runs.drain({ ...context, db: timingOut(() => true), runner: runs.runner });
    expect(count).toBe(7);
    expect(await jobItem(db, restart.id)).toMatchObject({ status: 'failed', error: STALLED_MESSAGE });
  });

  it('a resumed run whose file is no longer the one checked fails, with the reason', async () => {
    const { job } = await interruptedRestore((command) => batchRequests(command).puts > 0);
    // Another file this installation signed takes the backup's place.
    const other = join(mkdtempSync(join(tmpdir(), 'restore-chunks-other-')), 'other.jsonl.gz');
    writeFileSync(other, handMade([JSON.stringify(vendorItems(5000)[0])], {}, key));
    await context.storage.save(backupFileKey(backupId), other);
    const runs = queue();
    await runs.runner.start({ backupJob: { jobId: job.id } });
    await runs.drain({ ...context, db, runner: runs.runner });
    expect(await jobItem(db, job.id)).toMatchObject({ status: 'failed', error: 'The backup file changed while it was being restored' });
  });
});
