import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from '@app/shared-types/api';
import type { AuditEntry } from '@app/shared-types/audit';
import { verhoeffCheckDigit, type DirectoryEntry, type EmployeeRecord, type RevealResult } from '@app/shared-types/employees';
import { SALESPEOPLE, SALESPERSON_IDS, type Lead } from '@app/shared-types/leads';
import type { Db } from '../src/db/client';
import { systemContext } from '../src/db/entity';
import { keys } from '../src/db/keys';
import { assignedLeadCount, leadEntity, newLead } from '../src/leads/lead-repo';
import { transactWrite } from '../src/db/writes';
import { seedSalespeople } from '../src/local/salespeople';
import { upgradeLocalData } from '../src/local/upgrade-data';
import { createStaffApp, createTestApp, json, login, signedInStaff, staffRequest, STAFF_PASSWORD, uniquePhone, type TestApp } from './helpers';

type Role = 'employee' | 'manager' | 'admin' | 'superadmin';

let app: TestApp;
let db: Db;
let cookies: Record<Role, string>;
let ids: Record<Role, string>;

beforeAll(async () => {
  const test = await createStaffApp('employee', 'manager', 'admin', 'superadmin');
  ({ app, db } = test);
  const roles: Role[] = ['employee', 'manager', 'admin', 'superadmin'];
  cookies = Object.fromEntries(roles.map((role) => [role, test.staff(role).cookie])) as Record<Role, string>;
  ids = Object.fromEntries(roles.map((role) => [role, test.staff(role).employee.id])) as Record<Role, string>;
});

/** An Aadhaar-shaped number with a valid check digit. */
const aadhaar = (first11: string) => `${first11}${verhoeffCheckDigit(first11)}`;
const AADHAAR = aadhaar('29876543210');
const PAN = 'QWERT6789Z';
const ACCOUNT = '5010098765432';
const CLEAR = [AADHAAR, PAN, ACCOUNT, AADHAAR.slice(0, 8), ACCOUNT.slice(0, 9)];

const newEmail = (prefix = 'emp') => `${prefix}-${randomUUID()}@kaveri-studio.in`;

function employeeInput(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Kavya Reddy',
    email: newEmail(),
    password: 'Welcome-2026',
    phone: '+91 98480 22334',
    department: 'Design',
    position: 'Interior Designer',
    salary: 65000,
    hireDate: '2025-06-01',
    address: 'Flat 4B, Jubilee Hills, Hyderabad',
    emergencyContact: 'Ravi Reddy, 9848011111',
    skills: 'AutoCAD, SketchUp',
    bankIfscCode: 'HDFC0001234',
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}, cookie = cookies.admin, target = app) {
  const response = await staffRequest(target, '/api/users', cookie, { method: 'POST', body: employeeInput(overrides) });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<EmployeeRecord>(response);
}

const put = (record: EmployeeRecord, changes: Record<string, unknown>, cookie = cookies.admin, target = app) =>
  staffRequest(target, `/api/users/${record.id}`, cookie, { method: 'PUT', body: { ...record, password: '', ...changes } });

const rawItem = async (id: string, database = db) =>
  (await database.doc.send(new GetCommand({ TableName: database.table, Key: keys.employee(id), ConsistentRead: true }))).Item!;

const auditOf = async (id: string) => (await json<Page<AuditEntry>>(staffRequest(app, `/api/audit-log?entityId=${id}&limit=100`, cookies.admin))).items;

const expectNoClearPii = (text: string) => {
  for (const value of CLEAR) expect(text).not.toContain(value);
};

describe('the role matrix', () => {
  type Route = 'list' | 'directory' | 'get' | 'create' | 'update' | 'delete' | 'reveal';
  /** The status each role gets on each route, for a target of role employee. */
  const expected: Record<Role, Record<Route, number>> = {
    employee: { list: 403, directory: 200, get: 200, create: 403, update: 403, delete: 403, reveal: 403 },
    manager: { list: 403, directory: 200, get: 200, create: 403, update: 403, delete: 403, reveal: 403 },
    admin: { list: 200, directory: 200, get: 200, create: 201, update: 200, delete: 200, reveal: 200 },
    superadmin: { list: 200, directory: 200, get: 200, create: 201, update: 200, delete: 200, reveal: 200 },
  };

  for (const role of ['employee', 'manager', 'admin', 'superadmin'] as const) {
    it(`${role}: every users route on an employee`, async () => {
      const target = await create({ aadharNumber: AADHAAR });
      const cookie = cookies[role];
      const statuses = {
        list: (await staffRequest(app, '/api/users', cookie)).status,
        directory: (await staffRequest(app, '/api/users/directory', cookie)).status,
        get: (await staffRequest(app, `/api/users/${target.id}`, cookie)).status,
        create: (await staffRequest(app, '/api/users', cookie, { method: 'POST', body: employeeInput() })).status,
        update: (await put(target, { position: 'Senior Designer' }, cookie)).status,
        reveal: (await staffRequest(app, `/api/users/${target.id}/reveal`, cookie, { method: 'POST', body: { fields: ['aadharNumber'] } })).status,
        delete: (await staffRequest(app, `/api/users/${target.id}`, cookie, { method: 'DELETE' })).status,
      };
      expect(statuses).toEqual(expected[role]);
    });
  }

  it('salary and personal data only in answers to admin and superadmin', async () => {
    const target = await create({ aadharNumber: AADHAAR, panNumber: PAN });
    for (const role of ['employee', 'manager'] as const) {
      const one = await json<Record<string, unknown>>(staffRequest(app, `/api/users/${target.id}`, cookies[role]));
      expect(Object.keys(one).sort()).toEqual(['department', 'email', 'id', 'name', 'phone', 'position', 'profilePicture', 'role', 'status']);
      const directory = await json<Page<DirectoryEntry>>(staffRequest(app, '/api/users/directory?limit=100', cookies[role]));
      expect(JSON.stringify(directory)).not.toMatch(/salary|aadhar|panNumber|bankAccount|XXXX/);
    }
    const asAdmin = await json<EmployeeRecord>(staffRequest(app, `/api/users/${target.id}`, cookies.admin));
    expect(asAdmin).toMatchObject({ salary: 65000, aadharNumber: `XXXX XXXX ${AADHAAR.slice(-4)}`, panNumber: 'XXXXX6789X' });
  });

  it('only a superadmin creates, edits, promotes to or deletes admins and superadmins', async () => {
    for (const role of ['admin', 'superadmin']) {
      expect((await staffRequest(app, '/api/users', cookies.admin, { method: 'POST', body: employeeInput({ role }) })).status).toBe(403);
    }
    const admin = await create({ role: 'admin' }, cookies.superadmin);
    const employee = await create();
    expect((await put(admin, { position: 'Office admin' })).status).toBe(403);
    expect((await put(employee, { role: 'admin' })).status).toBe(403);
    expect((await staffRequest(app, `/api/users/${admin.id}`, cookies.admin, { method: 'DELETE' })).status).toBe(403);
    expect((await staffRequest(app, `/api/users/${admin.id}/reveal`, cookies.admin, { method: 'POST', body: { fields: ['panNumber'] } })).status).toBe(403);
    // An admin makes managers.
    expect((await put(employee, { role: 'manager' })).status).toBe(200);
    const promoted = await put(employee, { role: 'superadmin', version: employee.version + 1 }, cookies.superadmin);
    expect(promoted.status).toBe(200);
    expect((await json<EmployeeRecord>(promoted)).role).toBe('superadmin');
    expect((await put(admin, { position: 'Office admin' }, cookies.superadmin)).status).toBe(200);
    expect((await staffRequest(app, `/api/users/${admin.id}`, cookies.superadmin, { method: 'DELETE' })).status).toBe(200);
  });

  it('nobody deletes, demotes or deactivates themselves', async () => {
    for (const role of ['admin', 'superadmin'] as const) {
      const self = await json<EmployeeRecord>(staffRequest(app, `/api/users/${ids[role]}`, cookies[role]));
      expect((await staffRequest(app, `/api/users/${self.id}`, cookies[role], { method: 'DELETE' })).status).toBe(403);
      const demote = await put(self, { role: 'employee' }, cookies[role]);
      expect(demote.status).toBe(403);
      expect(await demote.json()).toEqual({ error: 'You cannot change your own role' });
      expect((await put(self, { status: 'inactive' }, cookies[role])).status).toBe(403);
      // Their own details: a superadmin may edit them; an admin account is a superadmin's to edit.
      expect((await put(self, { position: 'Head of studio' }, cookies[role])).status).toBe(role === 'superadmin' ? 200 : 403);
    }
  });
});

describe('personal data', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is sealed in the table, masked in every answer, never in the audit log or a log line; reveal shows it and is audited', async () => {
    const lines: string[] = [];
    for (const method of ['log', 'error', 'warn', 'info'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
    }
    const created = await create({ aadharNumber: `${AADHAAR.slice(0, 4)} ${AADHAAR.slice(4, 8)} ${AADHAAR.slice(8)}`, panNumber: PAN.toLowerCase(), bankAccountNumber: ACCOUNT });
    expect(created).toMatchObject({
      aadharNumber: `XXXX XXXX ${AADHAAR.slice(-4)}`,
      panNumber: 'XXXXX6789X',
      bankAccountNumber: `XXXXXX${ACCOUNT.slice(-4)}`,
    });
    expect(JSON.stringify(created)).not.toMatch(/password|scrypt/i);

    // Stored: sealed values and masks only.
    const item = await rawItem(created.id);
    expectNoClearPii(JSON.stringify(item));
    for (const field of ['aadharNumber', 'panNumber', 'bankAccountNumber']) expect(item[field]).toMatch(/^v1::/);

    // Every answer.
    const answers = [
      await (await staffRequest(app, '/api/users?limit=100', cookies.admin)).text(),
      await (await staffRequest(app, `/api/users/${created.id}`, cookies.superadmin)).text(),
      await (await staffRequest(app, '/api/users/directory?limit=100', cookies.employee)).text(),
    ];
    for (const answer of answers) expectNoClearPii(answer);

    // An edit that sends the masks back keeps the values; a new PAN is sealed anew.
    const edited = await put(created, { position: 'Lead Designer' });
    expect(edited.status).toBe(200);
    const keptItem = await rawItem(created.id);
    expect(keptItem.aadharNumber).toBe(item.aadharNumber);
    const newPan = await put(await json<EmployeeRecord>(edited), { panNumber: 'ZXCVB1111A' });
    expect(newPan.status).toBe(200);
    expect((await json<EmployeeRecord>(newPan)).panNumber).toBe('XXXXX1111X');
    expect((await rawItem(created.id)).panNumber).not.toBe(item.panNumber);

    // The audit log records that they changed, never what they are.
    const entries = await auditOf(created.id);
    const auditText = JSON.stringify(entries);
    expectNoClearPii(auditText);
    expect(auditText).not.toContain('ZXCVB1111A');
    expect(auditText).not.toContain('v1:');
    const panChange = entries.find((entry) => entry.action === 'update' && entry.changes.panNumber);
    expect(panChange?.changes.panNumber).toEqual({ before: '••••', after: '••••' });

    // Reveal: admins only, clear text, audited.
    const revealed = await staffRequest(app, `/api/users/${created.id}/reveal`, cookies.admin, { method: 'POST', body: { fields: ['aadharNumber', 'bankAccountNumber'] } });
    expect(revealed.status).toBe(200);
    expect(revealed.headers.get('cache-control')).toBe('no-store');
    expect(await json<RevealResult>(revealed)).toEqual({ id: created.id, values: { aadharNumber: AADHAAR, bankAccountNumber: ACCOUNT } });
    const reveal = (await auditOf(created.id)).find((entry) => entry.action === 'reveal');
    expect(reveal).toMatchObject({
      entity: 'Employee',
      entityId: created.id,
      actor: { id: ids.admin },
      changes: { aadharNumber: { before: null, after: 'revealed' }, bankAccountNumber: { before: null, after: 'revealed' } },
    });
    expect(Date.parse(reveal!.at)).toBeGreaterThan(Date.now() - 60_000);
    expectNoClearPii(JSON.stringify(await auditOf(created.id)));

    for (const line of lines) {
      expectNoClearPii(line);
      expect(line).not.toContain('ZXCVB1111A');
    }
  });

  it('refuses to reveal anything but the personal-data fields', async () => {
    const created = await create({ panNumber: PAN });
    for (const body of [{ fields: ['salary'] }, { fields: [] }, {}, { fields: 'panNumber' }]) {
      expect((await staffRequest(app, `/api/users/${created.id}/reveal`, cookies.admin, { method: 'POST', body })).status).toBe(400);
    }
    expect((await staffRequest(app, `/api/users/${randomUUID()}/reveal`, cookies.admin, { method: 'POST', body: { fields: ['panNumber'] } })).status).toBe(404);
  });

  it('answers 503 for personal data on a host without field crypto, and still serves the rest', async () => {
    const bare = await createTestApp({ fieldCrypto: undefined });
    const admin = await signedInStaff(bare.app, bare.db, 'admin');
    const refused = await staffRequest(bare.app, '/api/users', admin.cookie, { method: 'POST', body: employeeInput({ panNumber: PAN }) });
    expect(refused.status).toBe(503);
    expect((await staffRequest(bare.app, '/api/users', admin.cookie, { method: 'POST', body: employeeInput() })).status).toBe(201);
  });
});

describe('status and sessions', () => {
  for (const status of ['terminated', 'on_leave', 'inactive'] as const) {
    it(`${status}: ends the person's sessions at once and they cannot sign in`, async () => {
      const person = await signedInStaff(app, db, 'employee');
      expect((await json<{ user: unknown }>(staffRequest(app, '/api/auth/me', person.cookie))).user).not.toBeNull();
      const record = await json<EmployeeRecord>(staffRequest(app, `/api/users/${person.employee.id}`, cookies.admin));
      expect((await put(record, { status })).status).toBe(200);
      expect((await staffRequest(app, '/api/leads', person.cookie)).status).toBe(401);
      expect((await login(app, person.employee.email, STAFF_PASSWORD)).response.status).toBe(401);
      // Made active again, the old session stays ended; a new sign-in works.
      const current = await json<EmployeeRecord>(staffRequest(app, `/api/users/${person.employee.id}`, cookies.admin));
      expect((await put(current, { status: 'active' })).status).toBe(200);
      expect((await staffRequest(app, '/api/leads', person.cookie)).status).toBe(401);
      expect((await login(app, person.employee.email, STAFF_PASSWORD)).cookie).toBeDefined();
    });
  }

  it('a superadmin who sets their own password goes on in a fresh session; their other sessions end', async () => {
    const fresh = await createTestApp();
    const me = await signedInStaff(fresh.app, fresh.db, 'superadmin');
    const other = await login(fresh.app, me.employee.email, STAFF_PASSWORD);
    const self = await json<EmployeeRecord>(staffRequest(fresh.app, `/api/users/${me.employee.id}`, me.cookie));
    const changed = await put(self, { password: 'My-new-pass-1' }, me.cookie, fresh.app);
    expect(changed.status).toBe(200);
    const renewed = changed.headers.getSetCookie().find((line) => line.startsWith('session='))?.split(';')[0];
    expect(renewed).toBeDefined();
    expect((await staffRequest(fresh.app, '/api/users', renewed)).status).toBe(200);
    expect((await staffRequest(fresh.app, '/api/users', me.cookie)).status).toBe(401);
    expect((await staffRequest(fresh.app, '/api/users', other.cookie)).status).toBe(401);
  });

  it('deleting ends the sessions; a new password set by an admin ends them too', async () => {
    const person = await signedInStaff(app, db, 'employee');
    const record = await json<EmployeeRecord>(staffRequest(app, `/api/users/${person.employee.id}`, cookies.admin));
    expect((await put(record, { password: 'Another-pass-1' })).status).toBe(200);
    expect((await staffRequest(app, '/api/leads', person.cookie)).status).toBe(401);
    const again = await login(app, person.employee.email, 'Another-pass-1');
    expect(again.cookie).toBeDefined();
    expect((await staffRequest(app, `/api/users/${person.employee.id}`, cookies.admin, { method: 'DELETE' })).status).toBe(200);
    expect((await staffRequest(app, '/api/leads', again.cookie)).status).toBe(401);
    expect((await staffRequest(app, `/api/users/${person.employee.id}`, cookies.admin)).status).toBe(404);
  });
});

describe('the last active superadmin', () => {
  it('two superadmins demoting each other at once: at most one passes, one active superadmin is left', async () => {
    for (let round = 0; round < 3; round++) {
      const fresh = await createTestApp();
      const a = await signedInStaff(fresh.app, fresh.db, 'superadmin');
      const b = await signedInStaff(fresh.app, fresh.db, 'superadmin');
      const recordOf = (id: string) => json<EmployeeRecord>(staffRequest(fresh.app, `/api/users/${id}`, a.cookie));
      const [recordA, recordB] = [await recordOf(a.employee.id), await recordOf(b.employee.id)];
      const results = await Promise.all([
        put(recordB, { role: 'admin' }, a.cookie, fresh.app),
        put(recordA, { status: 'inactive' }, b.cookie, fresh.app),
      ]);
      const [demote, deactivate] = results.map((r) => r.status);
      expect([demote, deactivate].filter((s) => s === 200).length).toBeLessThanOrEqual(1);
      const [itemA, itemB] = [await rawItem(a.employee.id, fresh.db), await rawItem(b.employee.id, fresh.db)];
      const active = [itemA, itemB].filter((item) => item.role === 'superadmin' && item.status === 'active');
      expect(active.length).toBeGreaterThanOrEqual(1);
      // Which request is checked first is up to the machine: the loser either fails its write (409) or, when the
      // winner's write landed before its own request was authorised, is no longer allowed at all: B demoted to
      // admin may not change a superadmin (403); A deactivated is signed out (401). Never anything else.
      expect([200, 401, 409], `A demoting B: ${demote}`).toContain(demote);
      expect([200, 403, 409], `B deactivating A: ${deactivate}`).toContain(deactivate);
      if (deactivate === 403) expect([demote, itemB.role]).toEqual([200, 'admin']);
      if (demote === 401) expect([deactivate, itemA.status]).toEqual([200, 'inactive']);
    }
  });

  it('a superadmin alone cannot demote, deactivate or delete themselves; with another, the other can be', async () => {
    const fresh = await createTestApp();
    const only = await signedInStaff(fresh.app, fresh.db, 'superadmin');
    const self = await json<EmployeeRecord>(staffRequest(fresh.app, `/api/users/${only.employee.id}`, only.cookie));
    expect((await put(self, { role: 'admin' }, only.cookie, fresh.app)).status).toBe(403);
    expect((await staffRequest(fresh.app, `/api/users/${self.id}`, only.cookie, { method: 'DELETE' })).status).toBe(403);
    const second = await create({ role: 'superadmin' }, only.cookie, fresh.app);
    expect((await put(second, { status: 'on_leave' }, only.cookie, fresh.app)).status).toBe(200);
    expect((await staffRequest(fresh.app, `/api/users/${second.id}`, only.cookie, { method: 'DELETE' })).status).toBe(200);
  });
});

describe('validation', () => {
  const fieldsOf = async (response: Response) => {
    expect(response.status).toBe(400);
    return Object.keys((await json<{ fields: Record<string, string> }>(response)).fields).sort();
  };
  const post = (body: Record<string, unknown>) => staffRequest(app, '/api/users', cookies.admin, { method: 'POST', body: employeeInput(body) });

  it('checks Aadhaar (Verhoeff, first digit), PAN, IFSC, phone and the department', async () => {
    const wrongCheck = `${AADHAAR.slice(0, 11)}${(Number(AADHAAR[11]) + 1) % 10}`;
    expect(await fieldsOf(await post({ aadharNumber: wrongCheck }))).toEqual(['aadharNumber']);
    expect(await fieldsOf(await post({ aadharNumber: aadhaar('12345678901') }))).toEqual(['aadharNumber']);
    expect(await fieldsOf(await post({ aadharNumber: '2345' }))).toEqual(['aadharNumber']);
    expect(await fieldsOf(await post({ panNumber: 'ABCDE12345' }))).toEqual(['panNumber']);
    expect(await fieldsOf(await post({ bankIfscCode: 'HDFC1234567' }))).toEqual(['bankIfscCode']);
    expect(await fieldsOf(await post({ phone: '98480' }))).toEqual(['phone']);
    expect(await fieldsOf(await post({ department: 'Legal' }))).toEqual(['department']);
    expect(await fieldsOf(await post({ name: '', email: 'x' }))).toEqual(['email', 'name']);
    // Valid samples pass.
    for (const first11 of ['23456789012', '98765432109', '45454545454']) await create({ aadharNumber: aadhaar(first11) });
  });

  it('password: required on create, at least Settings passwordMinLength (default 8), blank on edit keeps it', async () => {
    expect(await fieldsOf(await post({ password: undefined }))).toEqual(['password']);
    expect(await fieldsOf(await post({ password: 'Seven77' }))).toEqual(['password']);
    const fresh = await createTestApp();
    const admin = await signedInStaff(fresh.app, fresh.db, 'admin');
    await fresh.db.doc.send(
      new PutCommand({ TableName: fresh.db.table, Item: { ...keys.settings(), entityType: 'Settings', version: 1, security: { sessionTimeout: 30, maxLoginAttempts: 5, passwordMinLength: 12 } } }),
    );
    const short = await staffRequest(fresh.app, '/api/users', admin.cookie, { method: 'POST', body: employeeInput({ password: 'Eleven-char' }) });
    expect(await short.json()).toEqual({ error: 'Validation failed', fields: { password: 'Password must be at least 12 characters' } });
    const made = await create({ password: 'Twelve-chars' }, admin.cookie, fresh.app);
    const before = (await rawItem(made.id, fresh.db)).passwordHash as string;
    expect((await put(made, { password: '', position: 'Site engineer' }, admin.cookie, fresh.app)).status).toBe(200);
    expect((await rawItem(made.id, fresh.db)).passwordHash).toBe(before);
    expect((await login(fresh.app, made.email, 'Twelve-chars')).cookie).toBeDefined();
  });

  it('the reporting manager must be a manager, admin or superadmin; the email unique', async () => {
    expect(await fieldsOf(await post({ reportingManager: ids.employee }))).toEqual(['reportingManager']);
    expect(await fieldsOf(await post({ reportingManager: randomUUID() }))).toEqual(['reportingManager']);
    for (const role of ['manager', 'admin', 'superadmin'] as const) expect((await create({ reportingManager: ids[role] })).reportingManager).toBe(ids[role]);
    const first = await create();
    const taken = await post({ email: first.email.toUpperCase() });
    expect(taken.status).toBe(409);
  });

  it('hostile input: prototype keys, control characters and huge values are 400 or 413', async () => {
    const raw = (body: string) =>
      app.request('/api/users', { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost', cookie: cookies.admin }, body });
    expect((await raw('{"__proto__":{"role":"superadmin"},"name":"X"}')).status).toBe(400);
    expect((await raw(JSON.stringify({ ...employeeInput(), constructor: { prototype: {} } }))).status).toBe(400);
    expect(await fieldsOf(await post({ name: 'Evil\u001b[31m' }))).toEqual(['name']);
    expect(await fieldsOf(await post({ skills: 'a\u202Eb' }))).toEqual(['skills']);
    expect(await fieldsOf(await post({ name: 'x'.repeat(300) }))).toEqual(['name']);
    expect(await fieldsOf(await post({ salary: 'a lot' }))).toEqual(['salary']);
    expect((await post({ address: 'x'.repeat(20_000) })).status).toBe(413);
    expect((await staffRequest(app, `/api/users/${'x'.repeat(100)}`, cookies.admin)).status).toBe(404);
    expect((await staffRequest(app, '/api/users/directory?cursor=not-a-cursor', cookies.employee)).status).toBe(400);
  });
});

describe('versions', () => {
  it('a stale version gets 409 with the current record', async () => {
    const record = await create();
    expect((await put(record, { position: 'First' })).status).toBe(200);
    const stale = await put(record, { position: 'Second' });
    expect(stale.status).toBe(409);
    expect(await json<{ current: EmployeeRecord }>(stale)).toMatchObject({ current: { position: 'First', version: record.version + 1 } });
  });

  it('50 concurrent edits of one employee: one wins', async () => {
    const record = await create();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => put(record, { position: `Position ${i}` })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const after = await json<EmployeeRecord>(staffRequest(app, `/api/users/${record.id}`, cookies.admin));
    expect(after.version).toBe(record.version + 1);
    expect((await auditOf(record.id)).filter((entry) => entry.action === 'update')).toHaveLength(1);
  });
});

describe('the directory', () => {
  it('is paged, readable by everyone, and filters by status', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await json<Page<DirectoryEntry>>(staffRequest(app, `/api/users/directory?limit=3${cursor ? `&cursor=${cursor}` : ''}`, cookies.employee));
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(Object.values(ids)));
    const active = await json<Page<DirectoryEntry>>(staffRequest(app, '/api/users/directory?status=active&limit=100', cookies.manager));
    expect(active.items.every((item) => item.status === 'active')).toBe(true);
  });
});

describe('leads assigned to real people', () => {
  const addLead = async (body: Record<string, unknown>, cookie = cookies.employee, target = app) => {
    const response = await staffRequest(target, '/api/leads', cookie, { method: 'POST', body: { name: 'Assigned Lead', phone: uniquePhone('7'), ...body } });
    expect(response.status, await response.clone().text()).toBe(201);
    return json<Lead>(response);
  };

  it('assigns only active employees, keeps the name beside the id, and refuses deleting an employee with leads', async () => {
    const person = await create({ name: 'Sneha Varma', department: 'Sales' });
    const lead = await addLead({ assignedTo: person.id });
    expect(lead).toMatchObject({ assignedTo: person.id, assignedToName: 'Sneha Varma' });
    await addLead({ assignedTo: person.id });
    expect(await assignedLeadCount(db, person.id)).toBe(2);
    for (const assignedTo of [randomUUID(), 'not an id']) {
      const refused = await staffRequest(app, '/api/leads', cookies.employee, { method: 'POST', body: { name: 'X', phone: uniquePhone('7'), assignedTo } });
      expect(refused.status).toBe(400);
      expect((await json<{ fields: Record<string, string> }>(refused)).fields).toHaveProperty('assignedTo');
    }

    const refusedDelete = await staffRequest(app, `/api/users/${person.id}`, cookies.admin, { method: 'DELETE' });
    expect(refusedDelete.status).toBe(409);
    expect(await refusedDelete.json()).toEqual({ error: 'This employee has 2 leads assigned. Reassign them first.' });

    // Reassigned (one by an edit, one by a bulk update), the employee can go.
    expect((await staffRequest(app, `/api/leads/${lead.id}`, cookies.employee, { method: 'PUT', body: { version: lead.version, assignedTo: '' } })).status).toBe(200);
    const mine = await json<{ items: Lead[] }>(staffRequest(app, `/api/leads?assignedTo=${person.id}&limit=100`, cookies.employee));
    expect(mine.items).toHaveLength(1);
    const bulk = await staffRequest(app, '/api/leads/bulk-update', cookies.employee, { method: 'POST', body: { ids: [mine.items[0]!.id], assignedTo: ids.manager } });
    expect(bulk.status).toBe(200);
    expect(await assignedLeadCount(db, person.id)).toBe(0);

    // An inactive employee is not offered work.
    const inactive = await json<EmployeeRecord>(put(person, { status: 'inactive' }));
    const toInactive = await staffRequest(app, '/api/leads', cookies.employee, { method: 'POST', body: { name: 'Y', phone: uniquePhone('7'), assignedTo: inactive.id } });
    expect(toInactive.status).toBe(400);
    expect((await staffRequest(app, `/api/users/${person.id}`, cookies.admin, { method: 'DELETE' })).status).toBe(200);
  });

  it('a delete and an assignment racing: never a lead assigned to someone deleted', async () => {
    for (let round = 0; round < 8; round++) {
      const person = await create({ name: `Racer ${round}` });
      const [deleted, added] = await Promise.all([
        staffRequest(app, `/api/users/${person.id}`, cookies.admin, { method: 'DELETE' }),
        staffRequest(app, '/api/leads', cookies.employee, { method: 'POST', body: { name: `Race ${round}`, phone: uniquePhone('7'), assignedTo: person.id } }),
      ]);
      const exists = (await staffRequest(app, `/api/users/${person.id}`, cookies.admin)).status === 200;
      if (added.status === 201) {
        expect(exists).toBe(true);
        expect(deleted.status).toBe(409);
      } else {
        expect(added.status).toBe(400);
        expect(deleted.status).toBe(200);
        expect(exists).toBe(false);
      }
    }
  });

  it("'My leads' lists the signed-in person's own leads", async () => {
    const fresh = await createTestApp();
    const me = await signedInStaff(fresh.app, fresh.db, 'employee');
    const other = await signedInStaff(fresh.app, fresh.db, 'manager');
    const mine = [await addLead({ name: 'Mine One', assignedTo: me.employee.id }, me.cookie, fresh.app), await addLead({ name: 'Mine Two', assignedTo: me.employee.id }, other.cookie, fresh.app)];
    await addLead({ name: 'Theirs', assignedTo: other.employee.id }, me.cookie, fresh.app);
    await addLead({ name: 'Nobody' }, me.cookie, fresh.app);
    const page = await json<{ items: Lead[] }>(staffRequest(fresh.app, '/api/leads?assignedTo=me', me.cookie));
    expect(page.items.map((lead) => lead.id).sort()).toEqual(mine.map((lead) => lead.id).sort());
    const theirs = await json<{ items: Lead[] }>(staffRequest(fresh.app, '/api/leads?assignedTo=me', other.cookie));
    expect(theirs.items.map((lead) => lead.name)).toEqual(['Theirs']);
  });

  it('the data upgrade makes the salespeople employees (no sign-in) and maps the names leads were assigned by', async () => {
    const fresh = await createTestApp();
    const now = new Date().toISOString();
    // Leads as an earlier version stored them: the assignee a name, never counted per assignee.
    const old = [
      { ...newLead({ name: 'Old One', phone: uniquePhone('6'), source: 'Referral' }, now), assignedTo: 'Ravi Kumar' },
      { ...newLead({ name: 'Old Two', phone: uniquePhone('6'), source: 'Referral' }, now), assignedTo: 'Assistant 2' },
      { ...newLead({ name: 'Old Three', phone: uniquePhone('6'), source: 'Referral' }, now), assignedTo: 'Ravi Kumar' },
      { ...newLead({ name: 'Old Four', phone: uniquePhone('6'), source: 'Referral' }, now), assignedTo: 'Someone Who Left' },
      { ...newLead({ name: 'Old Five', phone: uniquePhone('6'), source: 'Referral' }, now), assignedTo: '' },
    ];
    for (const lead of old) await transactWrite(fresh.db, leadEntity.createWrites(fresh.db, lead, systemContext(now), { counters: false }));

    await upgradeLocalData(fresh.db);
    const read = async (id: string) => (await fresh.db.doc.send(new GetCommand({ TableName: fresh.db.table, Key: keys.lead(id), ConsistentRead: true }))).Item!;
    expect(await read(old[0]!.id)).toMatchObject({ assignedTo: SALESPERSON_IDS['Ravi Kumar'], assignedToName: 'Ravi Kumar', version: 2 });
    // Seeded with a realistic name (issue 25).
    expect(await read(old[1]!.id)).toMatchObject({ assignedTo: SALESPERSON_IDS['Assistant 2'], assignedToName: 'Arjun Reddy' });
    expect(await read(old[3]!.id)).toMatchObject({ assignedTo: '', assignedToName: '' });
    expect(await read(old[4]!.id)).toMatchObject({ assignedTo: '', version: 1 });
    expect(await assignedLeadCount(fresh.db, SALESPERSON_IDS['Ravi Kumar'])).toBe(2);
    expect(await assignedLeadCount(fresh.db, SALESPERSON_IDS['Assistant 2'])).toBe(1);
    expect(await assignedLeadCount(fresh.db, SALESPERSON_IDS['Assistant 1'])).toBe(0);

    // The salespeople: employees in Sales, active, no password anybody knows; made once.
    const superadmin = await signedInStaff(fresh.app, fresh.db, 'superadmin');
    for (const [i, name] of SALESPEOPLE.entries()) {
      const record = await json<EmployeeRecord>(staffRequest(fresh.app, `/api/users/${SALESPERSON_IDS[name]}`, superadmin.cookie));
      expect(record).toMatchObject({ name: ['Ravi Kumar', 'Priya Sharma', 'Arjun Reddy'][i], department: 'Sales', role: 'employee', status: 'active', canSignIn: false, isSample: true });
      expect((await login(fresh.app, record.email, STAFF_PASSWORD)).response.status).toBe(401);
    }
    expect(await seedSalespeople(fresh.db)).toBe(0);

    // 'My leads' for Ravi once an admin gives him a password.
    const ravi = await json<EmployeeRecord>(staffRequest(fresh.app, `/api/users/${SALESPERSON_IDS['Ravi Kumar']}`, superadmin.cookie));
    expect((await put(ravi, { email: 'ravi@kaveri-studio.in', password: 'Ravi-sets-1' }, superadmin.cookie, fresh.app)).status).toBe(200);
    const signedIn = await login(fresh.app, 'ravi@kaveri-studio.in', 'Ravi-sets-1');
    const page = await json<{ items: Lead[] }>(staffRequest(fresh.app, '/api/leads?assignedTo=me', signedIn.cookie));
    expect(page.items.map((lead) => lead.name).sort()).toEqual(['Old One', 'Old Three']);
    const refused = await staffRequest(fresh.app, `/api/users/${ravi.id}`, superadmin.cookie, { method: 'DELETE' });
    expect(await refused.json()).toEqual({ error: 'This employee has 2 leads assigned. Reassign them first.' });
  });
});
