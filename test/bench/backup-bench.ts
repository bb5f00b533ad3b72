/**
 * Backup and restore's part of `npm run bench` (BENCH_ONLY=backup runs it alone):
 * BENCH_BACKUP_ITEMS business items (50,000: vendor records of about 600 bytes,
 * each with its name marker) written straight into a table of their own on
 * DynamoDB Local, then a backup job (parallel Scan, gzipped JSON lines to a
 * local file) and, after 1,000 items were added and 1,000 deleted, a restore
 * job of that backup (validation, BatchWrite of every item, the deletions).
 * Prints each job's time, items/s and the file size, and checks the restore
 * left exactly the backup's items.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchWriteCommand, ScanCommand, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { randomBytes } from 'node:crypto';
import { staticBackupKey } from '@app/functions/backup/backup-key';
import { localBackupStorage } from '@app/functions/backup/backup-storage';
import { createDb, type Db } from '@app/functions/db/client';
import { runBackupJob, runRestoreJob, startBackupJob } from '@app/functions/jobs/backup';
import { ensureTable } from '@app/functions/local/create-table';

const ITEMS = Number(process.env.BENCH_BACKUP_ITEMS ?? 50_000);
const IN_FLIGHT = 8;
const actor = { id: 'bench', name: 'Bench', email: '' };
type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

function vendorItem(n: number) {
  const id = `bench-vendor-${n}`;
  return n % 2 === 0
    ? {
        pk: `VENDOR#${id}`,
        sk: 'VENDOR',
        entityType: 'Vendor',
        id,
        name: `Bench Vendor ${n}`,
        category: 'furniture',
        phone: `9${String(n).padStart(9, '0')}`,
        city: 'Hyderabad',
        address: `${n} Road No. ${n % 90}, Banjara Hills, Hyderabad, Telangana`,
        specialization: 'Modular kitchens, wardrobes and custom furniture in teak and plywood',
        paymentTerms: '30 days from invoice date',
        rating: (n % 5) + 1,
        createdAt: new Date(1_760_000_000_000 + n * 1000).toISOString(),
        updatedAt: new Date(1_760_000_000_000 + n * 1000).toISOString(),
        version: 1,
        gsi1pk: 'VENDORS',
        gsi1sk: `bench vendor ${n}#${id}`,
      }
    : { pk: `SEARCH#Vendor#bench${n % 977}`, sk: `${String(n).padStart(13, '0')}#bench-vendor-${n - 1}`, entityType: 'SearchToken', id: `bench-vendor-${n - 1}` };
}

async function writeAll(db: Db, items: Record<string, unknown>[], kind: 'put' | 'delete') {
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

async function countItems(db: Db): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(new ScanCommand({ TableName: db.table, Select: 'COUNT', ExclusiveStartKey: start }));
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

const seconds = (from: number) => (performance.now() - from) / 1000;

export async function backupBench(endpoint: string) {
  const db = createDb({ table: `bench-backup-${Date.now()}`, endpoint, region: 'local', timeouts: { requestTimeoutMs: 10_000 } });
  await ensureTable(db);
  const root = mkdtempSync(join(tmpdir(), 'bench-backups-'));
  const { storage } = localBackupStorage(root);
  const key = staticBackupKey(randomBytes(32));
  try {
    const seeded = performance.now();
    const items = Array.from({ length: ITEMS }, (_, n) => vendorItem(n));
    await writeAll(db, items, 'put');
    const total = await countItems(db);
    console.log(`Backup bench: seeded ${ITEMS} items (the table holds ${total}) in ${seconds(seeded).toFixed(1)} s`);

    const backupJob = await startBackupJob(db, { kind: 'backup', trigger: 'manual', actor, nowMs: Date.now() });
    if (backupJob === 'busy') throw new Error('backup lock held');
    const backupStarted = performance.now();
    await runBackupJob({ db, storage, key, tmpDir: join(root, 'tmp') }, backupJob.id);
    const backupSeconds = seconds(backupStarted);
    const size = await storage.size(`backups/${backupJob.id}.jsonl.gz`);
    if (size === null) throw new Error('the backup failed: no file');
    console.log(
      `Backup of ${total} items (parallel Scan, 4 segments, gzipped JSON lines): ${backupSeconds.toFixed(1)} s, ` +
        `${Math.round(total / backupSeconds)} items/s, file ${(size / 1024 / 1024).toFixed(2)} MB`,
    );

    // Change the table: 1,000 items added, 1,000 deleted.
    await writeAll(db, Array.from({ length: 1000 }, (_, n) => vendorItem(ITEMS + 2 * n)), 'put');
    await writeAll(db, items.slice(0, 1000), 'delete');

    const restoreJob = await startBackupJob(db, { kind: 'restore', trigger: 'manual', actor, nowMs: Date.now(), sourceId: backupJob.id, sourceName: `backups/${backupJob.id}.jsonl.gz` });
    if (restoreJob === 'busy') throw new Error('backup lock held');
    const restoreStarted = performance.now();
    await runRestoreJob({ db, storage, key, tmpDir: join(root, 'tmp') }, restoreJob.id);
    const restoreSeconds = seconds(restoreStarted);
    // The table now holds the backup's items, plus the two job records and the restore's audit entry.
    const after = (await countItems(db)) - 3;
    console.log(
      `Restore of the same ${total} items (validate, BatchWrite 4x25 in flight, delete the 1,000 extra): ${restoreSeconds.toFixed(1)} s, ` +
        `${Math.round(total / restoreSeconds)} items/s; the table holds ${after} business items after it ${after === total ? '(as backed up)' : `(EXPECTED ${total})`}`,
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
