import { createHash, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Page } from '@app/shared-types/api';
import type { AuditEntry } from '@app/shared-types/audit';
import type { BackupJob } from '@app/shared-types/backup';
import { keys } from '../src/db/keys';
import { allItems, backupApp, backupNow, businessItems, downloadBackup, handMade, linesOf, restoreListed, restoreUpload, type BackupApp, type Item } from './backup-helpers';
import { json, login, signedInStaff, staffRequest, STAFF_PASSWORD } from './helpers';

/**
 * Issue 24, medium 1 and low 1: a restore takes only files this installation
 * signed, whose items match their definitions, and never brings back
 * credentials, two-factor state, sessions or access from the past.
 */

const NOT_OURS = 'This backup was not made by this installation, or it was changed after it was made.';

const errorOf = async (response: Response) => (await json<{ error: string }>(response.clone())).error;

/** The file with its items replaced by `items`: header and trailer counts and the SHA-256 recomputed, the rest of the trailer as it was. */
function rebuilt(bytes: Uint8Array, items: Item[]): Uint8Array {
  const { header, trailer } = linesOf(bytes);
  const lines = items.map((item) => JSON.stringify(item));
  const hash = createHash('sha256');
  for (const line of lines) hash.update(`${line}\n`);
  const head = JSON.stringify({ ...(JSON.parse(header) as Item), itemCount: lines.length });
  const tail = JSON.stringify({ ...trailer, itemCount: lines.length, sha256: hash.digest('hex') });
  return gzipSync(`${[head, ...lines, tail].join('\n')}\n`);
}

const rawItem = async (t: BackupApp, key: { pk: string; sk: string }) =>
  (await t.db.doc.send(new GetCommand({ TableName: t.db.table, Key: key, ConsistentRead: true }))).Item;

describe('a tampered backup (issue 24, medium 1)', () => {
  let t: BackupApp;
  let backup: BackupJob;
  let bytes: Uint8Array;
  beforeAll(async () => {
    t = await backupApp();
    backup = await backupNow(t);
    bytes = await downloadBackup(t, backup.id);
  });

  it('an edited file planting a superadmin (SHA-256 recomputed) is refused, and the planted account cannot sign in', async () => {
    const { items } = linesOf(bytes);
    const template = items.find((item) => item.entityType === 'Employee' && item.id === t.superadmin.employee.id);
    expect(template?.passwordHash).toEqual(expect.any(String));
    const id = randomUUID();
    const email = `planted-${id}@evil.example`;
    // A known password's hash (the test accounts'), the superadmin role, and the email marker that makes it sign in.
    const planted = { ...template, ...keys.employee(id), id, email, name: 'Planted', role: 'superadmin', status: 'active', gsi1sk: `planted#${id}`, gsi2sk: id };
    const marker = { ...keys.employeeEmail(email), entityType: 'EmployeeEmail', employeeId: id };
    const response = await restoreUpload(t, rebuilt(bytes, [...items, planted, marker]));
    expect(response.status, await response.clone().text()).toBe(400);
    expect(await errorOf(response)).toBe(NOT_OURS);
    await t.local.idle();
    expect(await rawItem(t, keys.employee(id))).toBeUndefined();
    expect((await login(t.app, email, STAFF_PASSWORD)).response.status).toBe(401);
    const jobs = await json<Page<BackupJob>>(staffRequest(t.app, '/api/settings/backups', t.superadmin.cookie));
    expect(jobs.items.filter((job) => job.kind === 'restore')).toEqual([]);
  });

  it("refuses another installation's backup (signed with another key), and an uploaded unsigned file of the old format", async () => {
    const other = await backupApp();
    const theirs = await downloadBackup(other, (await backupNow(other)).id);
    const response = await restoreUpload(t, theirs);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(NOT_OURS);

    const { items } = linesOf(bytes);
    const unsigned = handMade(items.map((item) => JSON.stringify(item)), { version: 1 });
    const old = await restoreUpload(t, unsigned);
    expect(old.status).toBe(400);
    expect(await errorOf(old)).toMatch(/before backups were signed/);
  });

  it('restores a listed backup of the old, unsigned format (it never left the host that made it)', async () => {
    const { items } = linesOf(bytes);
    const listed = await backupNow(t);
    writeFileSync(join(t.root, `backups/${listed.id}.jsonl.gz`), handMade(items.map((item) => JSON.stringify(item)), { version: 1 }));
    expect(await restoreListed(t, listed.id)).toMatchObject({ status: 'succeeded', itemCount: items.length });
  });

  const bad: [string, Item[], RegExp][] = [
    ['an item of an unknown kind', [{ pk: 'CUSTOMER#x', sk: 'CUSTOMER', entityType: 'Superuser' }], /unknown kind 'Superuser'/],
    ['an item under a key its kind is never kept at', [{ pk: 'SETTINGS', sk: 'EMPLOYEE', entityType: 'Employee', id: 'x' }], /Employee item under the key SETTINGS/],
    ['an item without entityType under no known partition', [{ pk: 'NOWHERE#1', sk: 'X' }], /no kind this version knows/],
    ['an employee whose role is not one', [{ ...keys.employee('x'), entityType: 'Employee', id: 'x', name: 'X', email: 'x@example.com', role: 'god', status: 'active', passwordHash: 'h', passwordChangedAt: '2026-01-01T00:00:00.000Z', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', version: 1 }], /Employee item .* does not match its definition: role/],
    ['a marker without its owner', [{ ...keys.employeeEmail('x@example.com'), entityType: 'EmployeeEmail' }], /EmployeeEmail item .* employeeId is a required field/],
  ];
  /** Uploads a file signed with the app's key and asks for its restore: the route takes it (its signature verifies), the job's first run refuses it. */
  async function refusedByTheJob(lines: string[]): Promise<BackupJob> {
    const before = await businessItems(t.db);
    const response = await restoreUpload(t, handMade(lines, {}, t.key));
    expect(response.status, await response.clone().text()).toBe(202);
    const { job } = await json<{ job: BackupJob }>(response);
    await t.local.idle();
    expect((await businessItems(t.db)).size).toBe(before.size);
    return json<BackupJob>(staffRequest(t.app, `/api/settings/backup-jobs/${job.id}`, t.superadmin.cookie));
  }

  for (const [name, items, message] of bad) {
    it(`a signed file holding ${name} fails its restore before any write, naming it`, async () => {
      const job = await refusedByTheJob(items.map((item) => JSON.stringify(item)));
      expect(job).toMatchObject({ status: 'failed', error: expect.stringMatching(message) });
    });
  }

  it('names the first five problems and how many more', async () => {
    const customers = Array.from({ length: 7 }, (_, i) => JSON.stringify({ pk: `CUSTOMER#bad-${i}`, sk: 'CUSTOMER', entityType: 'Customer' }));
    const { error } = await refusedByTheJob(customers);
    expect(error).toMatch(/^The backup holds 7 items this version cannot restore: line 2: a Customer item/);
    expect(error?.match(/line \d+:/g)).toHaveLength(5);
    expect(error).toMatch(/and 2 more$/);
  });
});

describe('a restore keeps the credentials of now (issue 24, low 1)', () => {
  const NEW_PASSWORD = 'An0ther-strong-pass';
  let t: BackupApp;
  let restore: BackupJob;
  const people: Record<'changed' | 'terminated' | 'deleted' | 'twoFactor' | 'bystander', Awaited<ReturnType<typeof signedInStaff>>> = {} as never;

  const user = async (id: string) => json<Record<string, unknown>>(staffRequest(t.app, `/api/users/${id}`, t.superadmin.cookie));
  const put = async (id: string, changes: Record<string, unknown>) => {
    const response = await staffRequest(t.app, `/api/users/${id}`, t.superadmin.cookie, { method: 'PUT', body: { ...(await user(id)), password: '', ...changes } });
    expect(response.status, await response.clone().text()).toBe(200);
  };

  beforeAll(async () => {
    t = await backupApp();
    for (const name of ['changed', 'terminated', 'deleted', 'twoFactor', 'bystander'] as const) people[name] = await signedInStaff(t.app, t.db, 'employee');
    // Two-factor on, with two unused recovery codes, when the backup is made.
    const twoFactorId = people.twoFactor.employee.id;
    await t.db.doc.send(
      new PutCommand({
        TableName: t.db.table,
        Item: { ...keys.twoFactor(twoFactorId), entityType: 'TwoFactor', employeeId: twoFactorId, enabled: true, secretSealed: 'sealed-old-secret', lastStep: 1, recoveryHashes: { used: true, unused: true } },
      }),
    );
    await t.db.doc.send(new UpdateCommand({ TableName: t.db.table, Key: keys.employee(twoFactorId), UpdateExpression: 'SET twoFactorEnabled = :on', ExpressionAttributeValues: { ':on': true } }));
    const backup = await backupNow(t);
    expect(backup.status).toBe('succeeded');

    // After the backup: a new password, two failed sign-ins, a termination, a deletion, a recovery code used.
    await put(people.changed.employee.id, { password: NEW_PASSWORD });
    for (let i = 0; i < 2; i++) expect((await login(t.app, people.changed.employee.email, 'wrong-password-1')).response.status).toBe(401);
    await put(people.terminated.employee.id, { status: 'terminated' });
    expect((await staffRequest(t.app, `/api/users/${people.deleted.employee.id}`, t.superadmin.cookie, { method: 'DELETE' })).status).toBe(200);
    await t.db.doc.send(new UpdateCommand({ TableName: t.db.table, Key: keys.twoFactor(twoFactorId), UpdateExpression: 'REMOVE recoveryHashes.used' }));

    restore = await restoreListed(t, backup.id);
  });

  it('the restore succeeds', () => {
    expect(restore).toMatchObject({ status: 'succeeded' });
  });

  it('a password changed since the backup stays changed, and the failed sign-in count stays', async () => {
    const changed = await rawItem(t, keys.employee(people.changed.employee.id));
    expect(changed).toMatchObject({ failedLoginCount: 2, status: 'active' });
    expect((await login(t.app, people.changed.employee.email, STAFF_PASSWORD)).response.status).toBe(401);
    expect((await login(t.app, people.changed.employee.email, NEW_PASSWORD)).response.status).toBe(200);
  });

  it('an account terminated since the backup stays terminated (the kept figures agree)', async () => {
    expect(await rawItem(t, keys.employee(people.terminated.employee.id))).toMatchObject({ status: 'terminated' });
    expect((await login(t.app, people.terminated.employee.email, STAFF_PASSWORD)).response.status).toBe(401);
    const employees = [...(await businessItems(t.db)).values()].filter((item) => item.entityType === 'Employee');
    const stats = await json<{ total: number; active: number }>(staffRequest(t.app, '/api/users/stats', t.superadmin.cookie));
    expect(stats).toMatchObject({ total: employees.length, active: employees.filter((item) => item.status === 'active').length });
  });

  it('an account deleted since the backup comes back without credentials: nobody can sign in to it until an admin sets a password', async () => {
    const item = await rawItem(t, keys.employee(people.deleted.employee.id));
    expect(item).toMatchObject({ passwordSet: false, twoFactorEnabled: false, failedLoginCount: 0 });
    expect(item?.passwordHash).not.toBe(people.deleted.employee.passwordHash);
    expect((await login(t.app, people.deleted.employee.email, STAFF_PASSWORD)).response.status).toBe(401);
  });

  it('two-factor state is the one of now: a recovery code used since the backup stays used', async () => {
    const state = await rawItem(t, keys.twoFactor(people.twoFactor.employee.id));
    expect(state).toMatchObject({ enabled: true, recoveryHashes: { unused: true } });
    expect(state?.recoveryHashes).not.toHaveProperty('used');
  });

  it("every session but the restorer's ends; the restore's audit entry counts them", async () => {
    const me = async (cookie: string) => (await json<{ user: { id: string } | null }>(staffRequest(t.app, '/api/auth/me', cookie))).user?.id ?? null;
    expect(await me(t.superadmin.cookie)).toBe(t.superadmin.employee.id);
    for (const cookie of [t.admin.cookie, people.bystander.cookie, people.twoFactor.cookie]) expect(await me(cookie)).toBeNull();
    const sessions = (await allItems(t.db)).filter((item) => item.entityType === 'Session');
    // The restorer's session, and the one the password check above opened after the restore.
    expect(sessions.length).toBeLessThanOrEqual(2);
    const log = await json<Page<AuditEntry>>(staffRequest(t.app, '/api/audit-log?entity=Backup', t.superadmin.cookie));
    const entry = log.items.find((candidate) => candidate.action === 'restore');
    expect(entry?.changes).toMatchObject({ sessionsEnded: { after: expect.any(Number) } });
  });
});
