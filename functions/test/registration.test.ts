import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@app/shared-types/api';
import type { AuditEntry } from '@app/shared-types/audit';
import type { EmployeeRecord } from '@app/shared-types/employees';
import type { SiteInfo } from '@app/shared-types/site';
import { REGISTRATION_RECEIVED, type RegistrationInfo } from '@app/shared-types/two-factor';
import { getEmployeeByEmail } from '../src/people/employee-repo';
import { keys } from '../src/db/keys';
import { LOGIN_FAILED, REGISTER_IP_LIMIT } from '../src/auth/auth-routes';
import { hashStats } from '../src/auth/password';
import { createStaffApp, json, login, newVisitorIp, STAFF_PASSWORD, staffRequest, TEST_IP_HEADER, TEST_ORIGIN, type TestApp } from './helpers';

type Staff = Awaited<ReturnType<typeof createStaffApp<'employee' | 'admin'>>>;
let shared: Staff;
beforeAll(async () => {
  shared = await createStaffApp('employee', 'admin');
  await setRegistration(shared, true);
});

/** Settings > Security > allowRegistration, written as a save of the Settings screen leaves it. */
async function setRegistration(staff: Pick<Staff, 'db'>, allow: boolean, passwordMinLength = 10) {
  await staff.db.doc.send(
    new PutCommand({
      TableName: staff.db.table,
      Item: { ...keys.settings(), entityType: 'Settings', version: 1, security: { allowRegistration: allow, passwordMinLength, sessionTimeout: 30, maxLoginAttempts: 5, requireTwoFactor: false } },
    }),
  );
}

let counter = 0;
const request = () => ({
  name: 'Kavya Rao',
  email: `kavya.${Date.now()}.${++counter}@example.com`,
  phone: '98765 43210',
  department: 'Design',
  password: 'a-long-enough-pass',
});

function register(app: TestApp, body: unknown, ip = newVisitorIp()) {
  return app.request('/api/auth/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, [TEST_IP_HEADER]: ip },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe("'Request access' while allowRegistration is on", () => {
  it('answers 202 and creates an inactive employee, audited as the website, who cannot sign in until an admin approves', async () => {
    const { app, db } = shared;
    expect(await json<RegistrationInfo>(app.request('/api/auth/registration'))).toEqual({ passwordMinLength: 10 });
    expect((await json<SiteInfo>(app.request('/api/site'))).allowRegistration).toBe(true);

    const input = request();
    const response = await register(app, input);
    expect(response.status, await response.clone().text()).toBe(202);
    expect(await json<{ message: string }>(response)).toEqual({ message: REGISTRATION_RECEIVED });

    const stored = (await getEmployeeByEmail(db, input.email))!;
    expect(stored).toMatchObject({ name: 'Kavya Rao', role: 'employee', status: 'inactive', department: 'Design', phone: '98765 43210' });
    expect(stored.accessRequestedAt).not.toBeNull();
    expect(stored.passwordHash).not.toContain(input.password);

    // The admins hear of it: an outbox entry in the same transaction.
    const { Items: outbox = [] } = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.outboxByStatus('pending') },
      }),
    );
    expect(outbox.map((item) => item.event)).toContainEqual({ kind: 'registration.requested', employeeId: stored.id, name: 'Kavya Rao', email: input.email });

    const admin = shared.staff('admin').cookie;
    const audit = (await json<Page<AuditEntry>>(staffRequest(app, `/api/audit-log?entityId=${stored.id}`, admin))).items;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', actor: { id: 'website' } });
    expect(JSON.stringify(audit)).not.toContain(input.password);

    // Inactive: the same answer as a wrong password.
    const before = await login(app, input.email, input.password);
    expect(before.response.status).toBe(401);
    expect((await json<{ error: string }>(before.response)).error).toBe(LOGIN_FAILED);

    // The admin sees the request waiting, and approves it (version-checked, audited).
    const record = await json<EmployeeRecord>(staffRequest(app, `/api/users/${stored.id}`, admin));
    expect(record.accessRequestedAt).toBe(stored.accessRequestedAt);
    const stale = await staffRequest(app, `/api/users/${stored.id}/approve`, admin, { method: 'POST', body: { version: record.version + 1 } });
    expect(stale.status).toBe(409);
    // A plain employee may not approve.
    expect((await staffRequest(app, `/api/users/${stored.id}/approve`, shared.staff('employee').cookie, { method: 'POST', body: { version: record.version } })).status).toBe(403);
    const approved = await staffRequest(app, `/api/users/${stored.id}/approve`, admin, { method: 'POST', body: { version: record.version } });
    expect(approved.status, await approved.clone().text()).toBe(200);
    expect(await json<EmployeeRecord>(approved)).toMatchObject({ status: 'active', accessRequestedAt: null, version: record.version + 1 });
    const actions = (await json<Page<AuditEntry>>(staffRequest(app, `/api/audit-log?entityId=${stored.id}`, admin))).items.map((entry) => entry.action);
    expect(actions).toContain('approve');
    // Approving twice is refused.
    expect((await staffRequest(app, `/api/users/${stored.id}/approve`, admin, { method: 'POST', body: { version: record.version + 1 } })).status).toBe(409);

    const after = await login(app, input.email, input.password);
    expect(after.response.status).toBe(200);
    expect(after.cookie).toBeDefined();
  });

  it('an edit that activates the account settles the request too', async () => {
    const { app, db } = shared;
    const input = request();
    expect((await register(app, input)).status).toBe(202);
    const stored = (await getEmployeeByEmail(db, input.email))!;
    const admin = shared.staff('admin').cookie;
    const record = await json<EmployeeRecord>(staffRequest(app, `/api/users/${stored.id}`, admin));
    const { id: _id, canSignIn: _c, twoFactorEnabled: _t, accessRequestedAt: _a, lastLoginAt: _l, createdAt: _cr, updatedAt: _u, ...editable } = record;
    const saved = await staffRequest(app, `/api/users/${stored.id}`, admin, { method: 'PUT', body: { ...editable, status: 'active' } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await json<EmployeeRecord>(saved)).toMatchObject({ status: 'active', accessRequestedAt: null });
  });

  it('a taken email gets the same 202 and creates or changes nothing', async () => {
    const { app, db } = shared;
    const existing = shared.staff('employee').employee;
    const before = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.employee(existing.id), ConsistentRead: true }));
    const response = await register(app, { ...request(), email: existing.email.toUpperCase(), name: 'Someone Else' });
    expect(response.status).toBe(202);
    expect(await json<{ message: string }>(response)).toEqual({ message: REGISTRATION_RECEIVED });
    const after = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.employee(existing.id), ConsistentRead: true }));
    expect(after.Item).toEqual(before.Item);
  });

  it('validates with field messages, the password against Settings passwordMinLength', async () => {
    const { app } = shared;
    const short = await register(app, { ...request(), password: 'short-pw' });
    expect(short.status).toBe(400);
    expect((await json<{ fields: Record<string, string> }>(short)).fields).toEqual({ password: 'Password must be at least 10 characters' });

    const empty = await register(app, {});
    expect(empty.status).toBe(400);
    expect(Object.keys((await json<{ fields: Record<string, string> }>(empty)).fields).sort()).toEqual(['department', 'email', 'name', 'password', 'phone']);

    const bad = await register(app, { ...request(), email: 'not-an-email', phone: '123', department: 'Nowhere' });
    expect((await json<{ fields: Record<string, string> }>(bad)).fields).toMatchObject({
      email: 'Enter a valid email address',
      phone: 'Enter a valid Indian phone number (10 digits)',
    });
  });

  it('refuses hostile input with 400 or 413 and creates nothing', async () => {
    const { app, db } = shared;
    const input = request();
    const cases: [unknown, number][] = [
      [`{"__proto__": {"role": "superadmin"}, "name": "X", "email": "${input.email}", "phone": "9876543210", "department": "Design", "password": "a-long-enough-pass"}`, 400],
      [{ ...input, constructor: { prototype: { role: 'superadmin' } } }, 400],
      [{ ...input, name: 'Evil\u0000Name' }, 400],
      [{ ...input, name: '\u001b[31mred' }, 400],
      [{ ...input, name: 'a\u202Eb' }, 400],
      [{ ...input, name: 'x'.repeat(201) }, 400],
      [{ ...input, email: ['a@b.c'] }, 400],
      [{ ...input, password: 'p'.repeat(300) }, 400],
      [{ ...input, name: 'x'.repeat(10_000) }, 413],
      ['[]', 400],
    ];
    for (const [body, status] of cases) {
      const response = await register(app, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(status);
    }
    expect(await getEmployeeByEmail(db, input.email)).toBeUndefined();
    // A role or status sent along is ignored: the account is an inactive employee.
    const sneaky = request();
    expect((await register(app, { ...sneaky, role: 'superadmin', status: 'active' })).status).toBe(202);
    expect(await getEmployeeByEmail(db, sneaky.email)).toMatchObject({ role: 'employee', status: 'inactive' });
  });

  it('is limited per IP address', async () => {
    const { app } = shared;
    const ip = newVisitorIp();
    for (let i = 0; i < REGISTER_IP_LIMIT.limit; i++) expect((await register(app, { ...request(), password: 'short' }, ip)).status).toBe(400);
    const limited = await register(app, request(), ip);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).not.toBeNull();
  });

  it('a flood of requests from many addresses never takes the places sign-in needs: the owner signs in meanwhile', async () => {
    const { app, staff } = shared;
    // 24 visitors at once, each from an address of its own (a per-IP limit does not stop them).
    const runs = hashStats.runs;
    const flood = Array.from({ length: 24 }, () => register(app, request()));
    // Sign in once the flood is hashing (its requests are past their reads and in a queue).
    while (hashStats.runs < runs + 2) await new Promise((resolve) => setTimeout(resolve, 2));
    const owner = await login(app, staff('admin').employee.email, STAFF_PASSWORD);
    expect(owner.response.status, await owner.response.clone().text()).toBe(200);
    const statuses = (await Promise.all(flood)).map((response) => response.status);
    // Registrations past their own small queue are told to come back, never a 500.
    expect(statuses.every((status) => status === 202 || status === 503), JSON.stringify(statuses)).toBe(true);
    expect(statuses).toContain(202);
  });
});

describe("'Request access' while allowRegistration is off", () => {
  it('the page info and the API answer 404 and nothing is created', async () => {
    const staff = await createStaffApp('admin');
    await setRegistration(staff, false);
    const { app, db } = staff;
    expect((await app.request('/api/auth/registration')).status).toBe(404);
    expect((await json<SiteInfo>(app.request('/api/site'))).allowRegistration).toBe(false);
    const input = request();
    expect((await register(app, input)).status).toBe(404);
    expect(await getEmployeeByEmail(db, input.email)).toBeUndefined();
  });

  it('is off by default (SPEC.md 9)', async () => {
    const staff = await createStaffApp('admin');
    expect((await staff.app.request('/api/auth/registration')).status).toBe(404);
    expect((await register(staff.app, request())).status).toBe(404);
  });
});
