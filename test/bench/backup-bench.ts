/**
 * Backup and restore's part of `npm run bench` (BENCH_ONLY=backup runs it alone; `npx tsx
 * test/bench/backup-bench.ts` runs it on a DynamoDB Local of its own, without the rest of the bench):
 * BENCH_BACKUP_ITEMS business items (200,000: half vendor records of about 700 bytes as the app
 * stores them, half their search tokens) written straight into a table of their own, then
 * - a backup job (parallel Scan, gzipped JSON lines, signed) and the checks of its file: the restore
 *   routes' (structure, signature) and the restore's first run's (also every item against its definition);
 * - after 1,000 items were added and 1,000 deleted, a restore of that backup in chunks, run by a
 *   child process (restore-run.ts) that is killed (SIGKILL) once BENCH_RESTORE_KILL_AT of the items
 *   are committed; then the restore resumed here from its last committed chunk, to the end;
 * - the table compared with the backup: the business items' count, and a SHA-256 over every item
 *   (attributes in sorted order, versions left out: a restore moves them on on purpose).
 * Prints each step's time and items/s.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BatchWriteCommand, GetCommand, ScanCommand, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { backupItems, validateBackup } from '@app/functions/backup/backup-file';
import { staticBackupKey } from '@app/functions/backup/backup-key';
import { backupFileKey, localBackupStorage } from '@app/functions/backup/backup-storage';
import { backupClasses } from '@app/functions/kinds';
import { createDb, type Db } from '@app/functions/db/client';
import { keys } from '@app/functions/db/keys';
import { runBackupJob, runJob, startBackupJob, SCAN_SEGMENTS } from '@app/functions/jobs/backup';
import { ensureTable } from '@app/functions/local/create-table';
import { startDynamoLocal } from '@app/functions/local/dynamo-local';
import { vendorEntity } from '@app/functions/vendors/vendor-repo';

const ITEMS = Number(process.env.BENCH_BACKUP_ITEMS ?? 200_000);
/** The share of the items a restore has committed when its process is killed. */
const KILL_AT = Number(process.env.BENCH_RESTORE_KILL_AT ?? 0.4);
const IN_FLIGHT = 8;
const actor = { id: 'bench', name: 'Bench', email: '' };
type Item = Record<string, unknown>;
type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

/** Item `n`: even, a vendor as the app stores it; odd, a search token of the vendor before it. */
function benchItem(n: number): Item {
  const id = `00000000-0000-4000-8000-${String(n - (n % 2)).padStart(12, '0')}`;
  const at = new Date(1_760_000_000_000 + n * 1000).toISOString();
  if (n % 2 === 1) return { ...keys.searchToken('Vendor', `bench${n % 977}`, `${at}#${id}`), entityType: 'SearchToken', id };
  return vendorEntity.stored(
    vendorEntity.parse({
      id,
      name: `Bench Vendor ${n}`,
      category: 'furniture',
      phone: `9${String(n).padStart(9, '0')}`,
      city: 'Hyderabad',
      address: `${n} Road No. ${n % 90}, Banjara Hills, Hyderabad, Telangana`,
      specialization: 'Modular kitchens, wardrobes and custom furniture in teak and plywood',
      paymentTerms: '30 days from invoice date',
      rating: (n % 5) + 1,
      status: 'active',
      createdAt: at,
      updatedAt: at,
      version: 1,
    }),
  );
}

async function writeAll(db: Db, items: Item[], kind: 'put' | 'delete') {
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      for (let start = (next += 25) - 25; start < items.length; start = (next += 25) - 25) {
        let pending: WriteRequest[] = items.slice(start, start + 25).map((item) => (kind === 'put' ? { PutRequest: { Item: item } } : { DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } }));
        while (pending.length > 0) {
          const answer = await db.doc.send(new BatchWriteCommand({ RequestItems: { [db.table]: pending } }));
          pending = answer.UnprocessedItems?.[db.table] ?? [];
        }
      }
    }),
  );
}

/** JSON with every object's keys sorted: DynamoDB hands attributes back in any order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Item)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Count and SHA-256 of a set of items (each item's canonical JSON without its version, in key order). */
function digestOf(items: Item[]): { count: number; sha256: string } {
  const lines = items.map(({ version: _version, ...rest }) => `${String(rest.pk)}\u0000${String(rest.sk)}\u0000${canonical(rest)}`).sort();
  const hash = createHash('sha256');
  for (const line of lines) hash.update(`${line}\n`);
  return { count: lines.length, sha256: hash.digest('hex') };
}

async function tableBusinessItems(db: Db): Promise<Item[]> {
  const items: Item[] = [];
  await Promise.all(
    Array.from({ length: SCAN_SEGMENTS }, async (_, segment) => {
      let start: Record<string, unknown> | undefined;
      do {
        const page = await db.doc.send(new ScanCommand({ TableName: db.table, Segment: segment, TotalSegments: SCAN_SEGMENTS, ExclusiveStartKey: start }));
        items.push(...(page.Items ?? []).filter(backupClasses.isBackedUp));
        start = page.LastEvaluatedKey;
      } while (start);
    }),
  );
  return items;
}

const seconds = (from: number) => (performance.now() - from) / 1000;
const rate = (items: number, from: number) => Math.round(items / seconds(from));

export async function backupBench(endpoint: string) {
  const table = `bench-backup-${Date.now()}`;
  // Generous timeouts: DynamoDB Local on a laptop shared with other work answers a 1 MB Scan page slowly.
  const db = createDb({ table, endpoint, region: 'local', timeouts: { requestTimeoutMs: 60_000 } });
  await ensureTable(db);
  const root = mkdtempSync(join(tmpdir(), 'bench-backups-'));
  const { storage } = localBackupStorage(root);
  const keyBytes = randomBytes(32);
  const context = { db, storage, key: staticBackupKey(keyBytes), tmpDir: join(root, 'tmp') };
  try {
    const seeded = performance.now();
    await writeAll(db, Array.from({ length: ITEMS }, (_, n) => benchItem(n)), 'put');
    console.log(`Backup bench: seeded ${ITEMS} items in ${seconds(seeded).toFixed(1)} s`);

    const backupJob = await startBackupJob(db, { kind: 'backup', trigger: 'manual', actor, nowMs: Date.now() });
    if (backupJob === 'busy') throw new Error('backup lock held');
    const backupStarted = performance.now();
    await runBackupJob(context, backupJob.id);
    const file = backupFileKey(backupJob.id);
    const size = await storage.size(file);
    if (size === null) throw new Error('the backup failed: no file');
    console.log(`Backup of ${ITEMS} items (parallel Scan, 4 segments, gzipped JSON lines, signed): ${seconds(backupStarted).toFixed(1)} s, ${rate(ITEMS, backupStarted)} items/s, file ${(size / 1024 / 1024).toFixed(2)} MB`);

    const routeChecked = performance.now();
    await validateBackup((await storage.open(file))!, { key: keyBytes, classes: backupClasses, definitions: false });
    console.log(`Check of the file by the restore routes (gzip, keys, counts, signature): ${seconds(routeChecked).toFixed(1)} s, ${rate(ITEMS, routeChecked)} items/s`);
    const checked = performance.now();
    const summary = await validateBackup((await storage.open(file))!, { key: keyBytes, classes: backupClasses });
    console.log(`Check by the restore's first run (the same, and every item against its definition): ${seconds(checked).toFixed(1)} s, ${rate(summary.itemCount, checked)} items/s`);
    const backedUp: Item[] = [];
    for await (const batch of backupItems((await storage.open(file))!, backupClasses, 1000)) backedUp.push(...batch);
    const expected = digestOf(backedUp);

    // Change the table: 1,000 items added, 1,000 deleted.
    await writeAll(db, Array.from({ length: 1000 }, (_, n) => benchItem(ITEMS + n)), 'put');
    await writeAll(db, backedUp.slice(0, 1000), 'delete');

    const restoreJob = await startBackupJob(db, { kind: 'restore', trigger: 'manual', actor, nowMs: Date.now(), sourceId: backupJob.id, sourceName: file });
    if (restoreJob === 'busy') throw new Error('backup lock held');
    const jobKey = keys.backupJob(restoreJob.id);
    const cursorOf = async () => Number((await db.doc.send(new GetCommand({ TableName: table, Key: jobKey, ConsistentRead: true }))).Item?.cursor ?? 0);

    // The first run in a process of its own, killed once KILL_AT of the items are committed.
    const restoreStarted = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./restore-run.ts', import.meta.url))], {
      env: { ...process.env, BENCH_ENDPOINT: endpoint, BENCH_TABLE: table, BENCH_JOB: restoreJob.id, BENCH_ROOT: root, BENCH_KEY: keyBytes.toString('hex'), LOG_LEVEL: 'silent' },
      stdio: 'inherit',
    });
    const exited = new Promise<string>((done) => child.once('exit', (code, signal) => done(signal ?? `exit ${String(code)}`)));
    let cursor = 0;
    while (child.exitCode === null && child.signalCode === null && cursor < KILL_AT * summary.itemCount) {
      await new Promise((done) => setTimeout(done, 100));
      cursor = await cursorOf();
    }
    child.kill('SIGKILL');
    const ended = await exited;
    const atKill = await cursorOf();
    const killedAfter = seconds(restoreStarted);
    console.log(`Restore, first run (a process of its own): ${ended} after ${killedAfter.toFixed(1)} s with ${atKill} of ${summary.itemCount} items committed`);

    // Resumed here, as the local host does when it starts again.
    let resumedPuts = 0;
    const counting: Db = {
      ...db,
      doc: new Proxy(db.doc, {
        get(target, property, receiver) {
          if (property !== 'send') return Reflect.get(target, property, receiver);
          return (command: Parameters<typeof target.send>[0]) => {
            if (command instanceof BatchWriteCommand) resumedPuts += Object.values(command.input.RequestItems ?? {}).flat().filter((request) => request.PutRequest).length;
            return target.send(command);
          };
        },
      }),
    };
    const resumed = performance.now();
    await runJob({ ...context, db: counting }, { backupJob: { jobId: restoreJob.id } });
    const job = (await db.doc.send(new GetCommand({ TableName: table, Key: jobKey, ConsistentRead: true }))).Item;
    console.log(
      `Restore, resumed: ${seconds(resumed).toFixed(1)} s, ${resumedPuts} items written (the ${summary.itemCount - atKill} after the last committed chunk), ` +
        `${String(job?.deleted)} deleted; job ${String(job?.status)}. Whole restore ${seconds(restoreStarted).toFixed(1)} s, ${rate(summary.itemCount, restoreStarted)} items/s`,
    );

    const compared = digestOf(await tableBusinessItems(db));
    const same = compared.count === expected.count && compared.sha256 === expected.sha256;
    console.log(
      `Table after the restore: ${compared.count} business items, sha256 ${compared.sha256.slice(0, 16)}...; ` +
        `the backup: ${expected.count} items, sha256 ${expected.sha256.slice(0, 16)}... ${same ? '(equal)' : '(DIFFERENT)'}`,
    );
    if (!same || job?.status !== 'succeeded') process.exitCode = 1;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

// Run alone: `npx tsx test/bench/backup-bench.ts`, on a DynamoDB Local of its own (at the normal CPU priority).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dynamo = await startDynamoLocal();
  try {
    await backupBench(dynamo.endpoint);
  } finally {
    await dynamo.stop();
  }
}
