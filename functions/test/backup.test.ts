import { gzipSync } from 'node:zlib';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@app/shared-types/api';
import type { SettingsAnswer } from '@app/shared-types/settings';
import { RESTORE_CONFIRMATION, type BackupJob } from '@app/shared-types/backup';
import { backupClasses } from '../src/kinds';
import { systemContext } from '../src/db/entity';
import { keys } from '../src/db/keys';
import { LOCK_MS, STALE_JOB_MESSAGE, runScheduledBackup, startBackupJob } from '../src/jobs/backup';
import {
  auditEntries,
  backupApp,
  backupNow,
  businessItems,
  comparable,
  downloadBackup,
  handMade,
  post,
  restoreListed,
  restoreUpload,
  type BackupApp,
} from './backup-helpers';
import { customerInput, json, login, projectInput, signedInStaff, staffRequest, STAFF_PASSWORD } from './helpers';

const createCustomer = async (t: BackupApp, firstName: string) => {
  const response = await post(t, '/api/customers', t.superadmin.cookie, { ...customerInput, firstName, phone: `+91 9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}` });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<{ id: string; version: number }>(response);
};

describe('backup -> change -> restore', () => {
  let t: BackupApp;
  beforeAll(async () => {
    t = await backupApp();
  });

  it('returns exactly to the backup\'s business data; audit entries and sessions survive, and the restore is audited', async () => {
    const kept = await createCustomer(t, 'Kept');
    const doomed = await createCustomer(t, 'Doomed');
    const project = await json<{ id: string; version: number; name: string }>(post(t, '/api/projects', t.superadmin.cookie, projectInput(kept.id)));

    const backup = await backupNow(t);
    expect(backup).toMatchObject({ status: 'succeeded', kind: 'backup' });
    const before = await businessItems(t.db);
    expect(backup.itemCount).toBe(before.size);
    expect(backup.size).toBeGreaterThan(0);

    // Change: a new customer, an edited project, a deleted customer.
    await createCustomer(t, 'Added');
    const edited = await staffRequest(t.app, `/api/projects/${project.id}`, t.superadmin.cookie, {
      method: 'PUT',
      body: { ...projectInput(kept.id), name: 'Renamed after the backup', version: project.version },
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    const removed = await staffRequest(t.app, `/api/customers/${doomed.id}`, t.superadmin.cookie, { method: 'DELETE', headers: { 'if-match': String(doomed.version) } });
    expect([200, 204]).toContain(removed.status);
    expect(comparable(await businessItems(t.db))).not.toEqual(comparable(before));
    const auditBefore = await auditEntries(t.db);

    const changed = await businessItems(t.db);

    const restore = await restoreListed(t, backup.id);
    expect(restore).toMatchObject({ kind: 'restore', status: 'succeeded', sourceId: backup.id, itemCount: before.size });
    expect(restore.deleted).toBeGreaterThan(0);

    const after = await businessItems(t.db);
    expect(comparable(after)).toEqual(comparable(before));
    // Every restored versioned item is past both the backup's version and the one it had just before the restore.
    for (const [key, item] of after) {
      if (typeof item.version !== 'number') continue;
      const previous = Math.max(Number(before.get(key)?.version ?? 0), Number(changed.get(key)?.version ?? 0));
      expect(item.version, key).toBeGreaterThan(previous);
    }
    // An edit form opened before the restore (at the edited version, or at the backup's) is stale: 409, never a save over the restored record.
    for (const version of [project.version + 1, project.version]) {
      const stale = await staffRequest(t.app, `/api/projects/${project.id}`, t.superadmin.cookie, {
        method: 'PUT',
        body: { ...projectInput(kept.id), name: 'Saved over the restore', version },
      });
      expect(stale.status, await stale.clone().text()).toBe(409);
    }
    const auditAfter = await auditEntries(t.db);
    expect(auditAfter.map((entry) => entry.id)).toEqual(expect.arrayContaining(auditBefore.map((entry) => entry.id)));
    const restored = auditAfter.filter((entry) => entry.action === 'restore');
    expect(restored).toHaveLength(1);
    expect(restored[0]).toMatchObject({ entity: 'Backup', entityId: backup.id, actor: { id: t.superadmin.employee.id } });
    // The session survives: the same cookie still works, and reads the project's old name.
    expect((await staffRequest(t.app, '/api/settings/backups', t.superadmin.cookie)).status).toBe(200);
    const { Item } = await t.db.doc.send(new GetCommand({ TableName: t.db.table, Key: keys.project(project.id) }));
    expect(Item?.name).toBe(project.name);
    // The audit log lists the restore.
    const log = await json<Page<{ action: string }>>(staffRequest(t.app, '/api/audit-log?entity=Backup', t.superadmin.cookie));
    expect(log.items.map((entry) => entry.action)).toEqual(['restore']);
  });

  it('lists backups and restores newest first with time, size, items and who; a backup downloads and restores from the file', async () => {
    const list = await json<Page<BackupJob>>(staffRequest(t.app, '/api/settings/backups', t.superadmin.cookie));
    expect(list.items.map((job) => job.kind)).toEqual(['restore', 'backup']);
    const backup = list.items[1]!;
    expect(backup).toMatchObject({ status: 'succeeded', startedBy: { name: t.superadmin.employee.name } });
    const bytes = await downloadBackup(t, backup.id);
    expect(bytes.length).toBe(backup.size);

    const before = await businessItems(t.db);
    await createCustomer(t, 'Added again');
    const response = await restoreUpload(t, bytes);
    expect(response.status, await response.clone().text()).toBe(202);
    await t.local.idle();
    expect(comparable(await businessItems(t.db))).toEqual(comparable(before));
  });

  it('keeps the account running the restore (item, email marker) when the backup lacks it, and its session', async () => {
    const [first] = (await json<Page<BackupJob>>(staffRequest(t.app, '/api/settings/backups', t.superadmin.cookie))).items.filter((job) => job.kind === 'backup');
    const newcomer = await signedInStaff(t.app, t.db, 'superadmin');
    const response = await post(t, `/api/settings/backups/${first!.id}/restore`, newcomer.cookie, { confirm: RESTORE_CONFIRMATION });
    expect(response.status, await response.clone().text()).toBe(202);
    await t.local.idle();
    const items = await businessItems(t.db);
    const employee = keys.employee(newcomer.employee.id);
    expect(items.has(`${employee.pk} | ${employee.sk}`)).toBe(true);
    const marker = keys.employeeEmail(newcomer.employee.email.toLowerCase());
    expect(items.get(`${marker.pk} | ${marker.sk}`)).toMatchObject({ employeeId: newcomer.employee.id });
    expect((await staffRequest(t.app, '/api/auth/me', newcomer.cookie)).status).toBe(200);
    // Employees' kept figures count the kept account (the backup's did not).
    const employees = [...items.values()].filter((item) => item.entityType === 'Employee');
    expect((await json<{ total: number }>(staffRequest(t.app, '/api/users/stats', newcomer.cookie))).total).toBe(employees.length);
    expect((await login(t.app, newcomer.employee.email, STAFF_PASSWORD)).response.status).toBe(200);
  });
});

describe('restore refuses a bad file, changing nothing', () => {
  let t: BackupApp;
  let valid: Uint8Array;
  beforeAll(async () => {
    t = await backupApp();
    await createCustomer(t, 'Present');
    const backup = await backupNow(t);
    valid = await downloadBackup(t, backup.id);
    await createCustomer(t, 'After');
  });

  const cases: [string, () => Uint8Array, RegExp][] = [
    ['not gzip', () => new TextEncoder().encode('{"format":"kaveri-studio-backup"}\n'), /not a gzip file/],
    ['a gzip file of something else', () => gzipSync('name,phone\nRavi,9000000000\n'), /not a backup of this application|not valid JSON/],
    ['a wrong header', () => handMade([], { format: 'other' }, t.key), /not a backup of this application/],
    ['a newer format version', () => handMade([], { version: 99 }, t.key), /format version 99/],
    ['truncated', () => valid.subarray(0, Math.floor(valid.length * 0.6)), /ends early/],
    ['an item without keys', () => handMade([JSON.stringify({ pk: 'CUSTOMER#x', name: 'No sort key' })], {}, t.key), /without its keys/],
    ['a prototype key in an item', () => handMade(['{"pk":"CUSTOMER#x","sk":"CUSTOMER","__proto__":{"isAdmin":true}}'], {}, t.key), /__proto__/],
    ['a constructor key deep in an item', () => handMade([JSON.stringify({ pk: 'CUSTOMER#x', sk: 'CUSTOMER', notes: { constructor: 1 } })], {}, t.key), /constructor/],
    ['a kind backups never hold', () => handMade([JSON.stringify({ pk: 'SESSION#x', sk: 'SESSION', entityType: 'Session' })], {}, t.key), /never hold/],
    ['counts that do not match', () => handMade([JSON.stringify({ pk: 'A', sk: 'B' })], { itemCount: 5 }, t.key), /header says 5/],
  ];
  for (const [name, file, message] of cases) {
    it(`400 for ${name}`, async () => {
      const before = comparable(await businessItems(t.db));
      const response = await restoreUpload(t, file());
      expect(response.status, await response.clone().text()).toBe(400);
      expect((await json<{ error: string }>(response)).error).toMatch(message);
      await t.local.idle();
      expect(comparable(await businessItems(t.db))).toEqual(before);
    });
  }

  it('400 without the typed confirmation, or with another word; nothing starts', async () => {
    const [backup] = (await json<Page<BackupJob>>(staffRequest(t.app, '/api/settings/backups', t.superadmin.cookie))).items;
    for (const body of [{}, { confirm: 'restore' }, { confirm: 'yes' }]) {
      const response = await post(t, `/api/settings/backups/${backup!.id}/restore`, t.superadmin.cookie, body);
      expect(response.status).toBe(400);
      expect((await json<{ fields: Record<string, string> }>(response)).fields.confirm).toBe(`Type ${RESTORE_CONFIRMATION} to confirm`);
    }
    const list = await json<Page<BackupJob>>(staffRequest(t.app, '/api/settings/backups', t.superadmin.cookie));
    expect(list.items.filter((job) => job.kind === 'restore')).toEqual([]);
  });

  it('the file itself restores fine (the refusals above are about the files)', async () => {
    const response = await restoreUpload(t, valid);
    expect(response.status, await response.clone().text()).toBe(202);
    await t.local.idle();
  });
});

describe('who, and one job at a time', () => {
  let t: BackupApp;
  beforeAll(async () => {
    t = await backupApp();
  });

  it('admins (not superadmins) get 403 on every backup route; employees 403; signed out 401', async () => {
    const employee = await signedInStaff(t.app, t.db, 'employee');
    for (const cookie of [t.admin.cookie, employee.cookie]) {
      expect((await post(t, '/api/settings/backup', cookie)).status).toBe(403);
      expect((await staffRequest(t.app, '/api/settings/backups', cookie)).status).toBe(403);
      expect((await post(t, '/api/settings/backups/upload', cookie)).status).toBe(403);
    }
    expect((await post(t, '/api/settings/backup', '')).status).toBe(401);
    const list = await json<Page<BackupJob>>(staffRequest(t.app, '/api/settings/backups', t.superadmin.cookie));
    expect(list.items).toEqual([]);
  });

  it('a second backup while one runs gets 409 with the running job; after it ends, another may start', async () => {
    t.control.hold = true;
    const first = await post(t, '/api/settings/backup', t.superadmin.cookie);
    expect(first.status).toBe(202);
    const { job } = await json<{ job: BackupJob }>(first);
    const second = await post(t, '/api/settings/backup', t.superadmin.cookie);
    expect(second.status).toBe(409);
    expect(await json<{ error: string; current: BackupJob }>(second)).toMatchObject({ error: expect.stringMatching(/running already/), current: { id: job.id, status: 'running' } });
    t.control.hold = false;
    for (const request of t.control.held.splice(0)) await t.runner.start(request);
    await t.local.idle();
    expect((await json<BackupJob>(staffRequest(t.app, `/api/settings/backup-jobs/${job.id}`, t.superadmin.cookie))).status).toBe('succeeded');
    expect((await post(t, '/api/settings/backup', t.superadmin.cookie)).status).toBe(202);
    await t.local.idle();
  });

  it('an item holding a set fails the backup with the reason (nothing is stored), and frees the lock', async () => {
    await t.db.doc.send(new PutCommand({ TableName: t.db.table, Item: { pk: 'CUSTOMER#with-set', sk: 'CUSTOMER', tags: new Set(['a', 'b']) } }));
    const job = await backupNow(t);
    expect(job).toMatchObject({ status: 'failed', error: 'Item CUSTOMER#with-set / CUSTOMER holds a set at item.tags; backups hold JSON values only' });
    expect(await t.files.storage.size(`backups/${job.id}.jsonl.gz`)).toBeNull();
    await t.db.doc.send(new DeleteCommand({ TableName: t.db.table, Key: { pk: 'CUSTOMER#with-set', sk: 'CUSTOMER' } }));
    expect((await backupNow(t)).status).toBe('succeeded');
  });
});

describe('the lock', () => {
  it('a job that never finished (a crashed host) blocks others for LOCK_MS, then no longer', async () => {
    const t = await backupApp();
    const start = (nowMs: number) => startBackupJob(t.db, { kind: 'backup', trigger: 'manual', actor: systemContext('').actor, nowMs });
    const now = Date.now();
    expect(await start(now)).not.toBe('busy');
    expect(await start(now + LOCK_MS - 1)).toBe('busy');
    expect(await start(now + LOCK_MS + 1)).not.toBe('busy');
    // The list says the stuck job failed once its lock is free (the screen would otherwise wait for it forever).
    t.clock.advance(LOCK_MS + 60_000);
    const list = await json<Page<BackupJob>>(staffRequest(t.app, '/api/settings/backups', t.superadmin.cookie));
    const stuck = list.items.find((job) => new Date(job.startedAt).getTime() === now);
    expect(stuck).toMatchObject({ status: 'failed', error: STALE_JOB_MESSAGE });
  });
});

describe('the schedule', () => {
  it('makes no backup at a fresh install: the first comes one period after the schedule began', async () => {
    const t = await backupApp();
    const now = Date.now();
    const day = 24 * 60 * 60_000;
    // The first check (a fresh install's first start) records when the schedule began and starts nothing.
    expect(await runScheduledBackup(t.db, t.runner, now)).toBeUndefined();
    const { Item: began } = await t.db.doc.send(new GetCommand({ TableName: t.db.table, Key: keys.backupSchedule(), ConsistentRead: true }));
    expect(began).toMatchObject({ entityType: 'BackupSchedule', startedAt: now });
    // Later checks do not move it: not due an hour or half a day later...
    expect(await runScheduledBackup(t.db, t.runner, now + 60 * 60_000)).toBeUndefined();
    expect(await runScheduledBackup(t.db, t.runner, now + day / 2)).toBeUndefined();
    // ...due a day after the install (daily by default).
    const first = await runScheduledBackup(t.db, t.runner, now + day);
    expect(first).toMatchObject({ kind: 'backup', trigger: 'scheduled', startedBy: { id: 'system' } });
    await t.local.idle();
    const list = await json<Page<BackupJob>>(staffRequest(t.app, '/api/settings/backups', t.superadmin.cookie));
    expect(list.items.map((job) => [job.trigger, job.status])).toEqual([['scheduled', 'succeeded']]);
    // From then on the last backup counts: not due again until a day after it.
    expect(await runScheduledBackup(t.db, t.runner, now + day + 60 * 60_000)).toBeUndefined();
    // The record is the schedule's own, never in a backup.
    expect(backupClasses.isBackedUp(began!)).toBe(false);
  });

  it('runs a backup only when the last successful one is older than backupFrequency (and not while one runs)', async () => {
    const t = await backupApp();
    const now = Date.now();
    // No backup yet, and the schedule began over a day ago: due.
    expect(await runScheduledBackup(t.db, t.runner, now - 25 * 60 * 60_000)).toBeUndefined();
    const first = await runScheduledBackup(t.db, t.runner, now);
    expect(first).toMatchObject({ kind: 'backup', trigger: 'scheduled', startedBy: { id: 'system' } });
    await t.local.idle();
    // Just made: not due, an hour later not due either (daily by default).
    expect(await runScheduledBackup(t.db, t.runner, now + 60_000)).toBeUndefined();
    expect(await runScheduledBackup(t.db, t.runner, now + 60 * 60_000)).toBeUndefined();
    // A day later: due.
    const second = await runScheduledBackup(t.db, t.runner, now + 24 * 60 * 60_000);
    expect(second).toBeDefined();
    await t.local.idle();
    // Hourly: due an hour after the last.
    const settings = await json<SettingsAnswer>(staffRequest(t.app, '/api/settings', t.superadmin.cookie));
    const { smtpPasswordSet: _set, ...email } = settings.email;
    const saved = await staffRequest(t.app, '/api/settings', t.superadmin.cookie, { method: 'PUT', body: { ...settings, email, system: { ...settings.system, backupFrequency: 'hourly' } } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await runScheduledBackup(t.db, t.runner, now + 24 * 60 * 60_000 + 30 * 60_000)).toBeUndefined();
    expect(await runScheduledBackup(t.db, t.runner, now + 25 * 60 * 60_000)).toBeDefined();
    await t.local.idle();
    // While a job holds the lock: nothing.
    t.control.hold = true;
    const later = now + 40 * 24 * 60 * 60_000;
    expect(await startBackupJob(t.db, { kind: 'backup', trigger: 'manual', actor: systemContext('').actor, nowMs: later })).not.toBe('busy');
    expect(await runScheduledBackup(t.db, t.runner, later + 60_000)).toBeUndefined();
    const list = await json<Page<BackupJob>>(staffRequest(t.app, '/api/settings/backups', t.superadmin.cookie));
    expect(list.items.filter((job) => job.trigger === 'scheduled' && job.status === 'succeeded')).toHaveLength(3);
  });
});

