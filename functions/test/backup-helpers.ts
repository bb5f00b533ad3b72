import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { BACKUP_MESSAGES, RESTORE_CONFIRMATION, type BackupJob, type BackupUploadForm } from '@app/shared-types/backup';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, backupMac } from '../src/backup/backup-file';
import { staticBackupKey } from '../src/backup/backup-key';
import { localBackupStorage } from '../src/backup/backup-storage';
import { backupClasses } from '../src/kinds';
import type { Db } from '../src/db/client';
import { runJob, type JobRequest, type JobRunner } from '../src/jobs/backup';
import { localJobRunner } from '../src/jobs/job-runner';
import { createTestApp, json, signedInStaff, staffRequest } from './helpers';

/**
 * Backup and restore through the API, for the backup tests (backup.test.ts,
 * backup-hardening.test.ts): an app whose backups go to a folder of its own,
 * signed with a key of its own, and the requests the Backups panel makes.
 */

export type Item = Record<string, unknown>;

/** The app with backups on a folder of its own; jobs run in this process, or wait in `held` while `hold` is on. */
export async function backupApp(options: { key?: Buffer } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'backups-'));
  const files = localBackupStorage(root);
  const key = options.key ?? randomBytes(32);
  const holder: { db?: Db } = {};
  const local: ReturnType<typeof localJobRunner> = localJobRunner((request) =>
    runJob({ db: holder.db!, storage: files.storage, key: staticBackupKey(key), tmpDir: join(root, 'tmp'), runner: local }, request),
  );
  const control = { hold: false, held: [] as JobRequest[] };
  const runner: JobRunner = {
    async start(request) {
      if (control.hold) control.held.push(request);
      else await local.start(request);
    },
  };
  const made = await createTestApp({ backups: { storage: files.storage, key: staticBackupKey(key), runner, classes: backupClasses } });
  holder.db = made.db;
  const superadmin = await signedInStaff(made.app, made.db, 'superadmin');
  const admin = await signedInStaff(made.app, made.db, 'admin');
  return { ...made, key, root, files, runner, local, control, superadmin, admin };
}
export type BackupApp = Awaited<ReturnType<typeof backupApp>>;

/** Every item of the table (the test may Scan; the app only in its jobs). */
export async function allItems(db: Db): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(new ScanCommand({ TableName: db.table, ExclusiveStartKey: start, ConsistentRead: true }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Every business item of the table, by key. */
export async function businessItems(db: Db): Promise<Map<string, Item>> {
  return new Map((await allItems(db)).filter(backupClasses.isBackedUp).map((item) => [`${String(item.pk)} | ${String(item.sk)}`, item]));
}

export async function auditEntries(db: Db): Promise<Item[]> {
  return (await allItems(db)).filter((item) => item.entityType === 'AuditEntry');
}

/** The items as comparable text, leaving out the versions, which a restore moves on on purpose (past the table's and the backup's). */
export function comparable(items: Map<string, Item>): Record<string, string> {
  return Object.fromEntries(
    [...items].map(([key, item]) => {
      const { version: _version, ...rest } = item;
      return [key, JSON.stringify(rest)];
    }),
  );
}

export const post = (t: BackupApp, path: string, cookie: string, body?: unknown) => staffRequest(t.app, path, cookie, { method: 'POST', ...(body !== undefined ? { body } : {}) });

export async function backupNow(t: BackupApp): Promise<BackupJob> {
  const response = await post(t, '/api/settings/backup', t.superadmin.cookie);
  expect(response.status, await response.clone().text()).toBe(202);
  const answer = await json<{ message: string; job: BackupJob }>(response);
  expect(answer.message).toBe(BACKUP_MESSAGES.started);
  expect(answer.job).toMatchObject({ kind: 'backup', status: 'running', itemsDone: 0, startedBy: { id: t.superadmin.employee.id } });
  await t.local.idle();
  return json<BackupJob>(staffRequest(t.app, `/api/settings/backup-jobs/${answer.job.id}`, t.superadmin.cookie));
}

export async function restoreListed(t: BackupApp, id: string, cookie = t.superadmin.cookie): Promise<BackupJob> {
  const response = await post(t, `/api/settings/backups/${id}/restore`, cookie, { confirm: RESTORE_CONFIRMATION });
  expect(response.status, await response.clone().text()).toBe(202);
  const { job } = await json<{ job: BackupJob }>(response);
  await t.local.idle();
  return json<BackupJob>(staffRequest(t.app, `/api/settings/backup-jobs/${job.id}`, t.superadmin.cookie));
}

/** Uploads `bytes` with the signed form the API hands out, and asks for their restore. */
export async function restoreUpload(t: BackupApp, bytes: Uint8Array, body: unknown = { confirm: RESTORE_CONFIRMATION }) {
  const form = await json<BackupUploadForm>(post(t, '/api/settings/backups/upload', t.superadmin.cookie));
  const data = new FormData();
  for (const [name, value] of Object.entries(form.fields)) data.append(name, value);
  data.append('file', new Blob([bytes], { type: 'application/gzip' }), 'backup.jsonl.gz');
  const uploaded = await t.files.routes.request(form.url, { method: 'POST', body: data });
  expect(uploaded.status, await uploaded.clone().text()).toBe(204);
  return post(t, `/api/settings/backups/uploads/${form.uploadId}/restore`, t.superadmin.cookie, body);
}

export async function downloadBackup(t: BackupApp, id: string): Promise<Uint8Array> {
  const { url } = await json<{ url: string }>(staffRequest(t.app, `/api/settings/backups/${id}/download`, t.superadmin.cookie));
  const response = await t.files.routes.request(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-disposition')).toContain('backup-');
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * A backup file written by hand: header, the given lines, and a trailer with
 * their true count and checksum, signed with `key` (format 1: unsigned).
 */
export function handMade(lines: string[], header: Record<string, unknown> = {}, key?: Buffer): Uint8Array {
  const hash = createHash('sha256');
  for (const line of lines) hash.update(`${line}\n`);
  const sha256 = hash.digest('hex');
  const head = JSON.stringify({ format: BACKUP_FORMAT, version: BACKUP_FORMAT_VERSION, createdAt: '2026-01-01T00:00:00.000Z', createdBy: { id: 'x', name: 'X', email: '' }, itemCount: lines.length, ...header });
  const trailer = { trailer: true, itemCount: lines.length, sha256, ...(key ? { hmac: backupMac(key, head, lines.length, sha256) } : {}) };
  return gzipSync(`${[head, ...lines, JSON.stringify(trailer)].join('\n')}\n`);
}

/** A backup file's lines: header, items, trailer (JSON). */
export function linesOf(bytes: Uint8Array): { header: string; items: Item[]; trailer: Item } {
  const lines = gunzipSync(bytes).toString('utf8').trimEnd().split('\n');
  return { header: lines[0]!, items: lines.slice(1, -1).map((line) => JSON.parse(line) as Item), trailer: JSON.parse(lines.at(-1)!) as Item };
}
