import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@app/shared-types/api';
import type { AuditEntry } from '@app/shared-types/audit';
import type { Customer } from '@app/shared-types/customers';
import { calendarDate } from '@app/shared-types/format';
import type { Lead } from '@app/shared-types/leads';
import type { Vendor } from '@app/shared-types/vendors';
import { plan } from '../src/db/plan';
import { getEmployee } from '../src/people/employee-repo';
import { STAFF_PASSWORD, createStaffApp, customerInput, json, sessionCookieOf, staffRequest, type TestApp, uniquePhone } from './helpers';

let app: TestApp;
let employee: string;
let employeeId: string;
let manager: string;
let admin: string;

beforeAll(async () => {
  const { staff, ...test } = await createStaffApp('employee', 'manager', 'admin');
  ({ app } = test);
  [employee, manager, admin] = [staff('employee').cookie, staff('manager').cookie, staff('admin').cookie];
  employeeId = staff('employee').employee.id;
});

/** The session cookie a response starts. */
function sessionOf(response: Response): string {
  const cookie = sessionCookieOf(response);
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

/** The audit entries of one entity, newest first, as an admin reads them. */
async function historyOf(entityId: string): Promise<AuditEntry[]> {
  const response = await staffRequest(app, `/api/audit-log?entityId=${entityId}`, admin);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await json<Page<AuditEntry>>(response)).items;
}

async function addLead(body: Record<string, unknown> = {}) {
  const response = await staffRequest(app, '/api/leads', employee, { method: 'POST', body: { name: 'Audit Lead', phone: uniquePhone(), ...body } });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<Lead>(response);
}

describe('the audit log', () => {
  it('records a create with who, when, the request and every field set', async () => {
    const lead = await addLead({ email: 'audit@example.com', budget: 500000 });
    const [entry, ...rest] = await historyOf(lead.id);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      entity: 'Lead',
      entityId: lead.id,
      action: 'create',
      actor: { id: employeeId, name: 'Test employee' },
      at: lead.createdAt,
    });
    expect(entry!.actor.email).toMatch(/^employee-.*@kaveri-studio\.in$/);
    expect(entry!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(entry!.changes).toMatchObject({
      name: { before: null, after: 'Audit Lead' },
      email: { before: null, after: 'audit@example.com' },
      budget: { before: null, after: 500000 },
      status: { before: null, after: 'New' },
    });
  });

  it('records an update with before and after of the changed fields only, and nothing for a refused one', async () => {
    const lead = await addLead();
    const put = (body: Record<string, unknown>) => staffRequest(app, `/api/leads/${lead.id}`, employee, { method: 'PUT', body });
    expect((await put({ version: 1, status: 'Quoted', budget: 900000 })).status).toBe(200);
    // A stale version and a taken phone are refused: their transactions write no entry.
    expect((await put({ version: 1, status: 'Lost' })).status).toBe(409);
    const other = await addLead();
    expect((await put({ version: 2, phone: other.phone })).status).toBe(409);
    const history = await historyOf(lead.id);
    expect(history.map((entry) => entry.action)).toEqual(['update', 'create']);
    expect(history[0]!.changes).toEqual({ status: { before: 'New', after: 'Quoted' }, budget: { before: 0, after: 900000 } });
  });

  it('records each lead of a bulk update, and a conversion, and a delete', async () => {
    const [first, second] = [await addLead(), await addLead()];
    const bulk = await staffRequest(app, '/api/leads/bulk-update', employee, {
      method: 'POST',
      body: { ids: [first.id, second.id], status: 'Won' },
    });
    expect(bulk.status).toBe(200);
    for (const lead of [first, second]) {
      const [entry] = await historyOf(lead.id);
      expect(entry).toMatchObject({ action: 'bulk_update', changes: { status: { before: 'New', after: 'Won' } } });
    }

    const converted = await staffRequest(app, `/api/leads/${first.id}/convert`, employee, {
      method: 'POST',
      body: { version: 2, customer: { firstName: 'Audit', lastName: 'Customer' }, project: null },
    });
    expect(converted.status, await converted.clone().text()).toBe(201);
    const { customer } = await json<{ customer: Customer }>(converted);
    const [conversion] = await historyOf(first.id);
    expect(conversion).toMatchObject({ action: 'convert', changes: { conversion: { before: null } } });
    expect((conversion!.changes.conversion!.after as { customerId: string }).customerId).toBe(customer.id);
    expect((await historyOf(customer.id)).map((entry) => entry.action)).toEqual(['create']);

    expect((await staffRequest(app, `/api/leads/${second.id}`, manager, { method: 'DELETE' })).status).toBe(200);
    const [deleted] = await historyOf(second.id);
    expect(deleted).toMatchObject({ action: 'delete', changes: { name: { before: 'Audit Lead', after: null }, status: { before: 'Won', after: null } } });
  });

  it('masks personal data of a vendor (bank details, PAN)', async () => {
    const response = await staffRequest(app, '/api/vendors', employee, {
      method: 'POST',
      body: { name: 'Audit Vendor', category: 'civil', phone: uniquePhone(), panNumber: 'AABCU9603R', bankDetails: 'HDFC 1234567890' },
    });
    expect(response.status).toBe(201);
    const vendor = await json<Vendor>(response);
    const [entry] = await historyOf(vendor.id);
    expect(entry!.changes.panNumber).toEqual({ before: null, after: '••••' });
    expect(entry!.changes.bankDetails).toEqual({ before: null, after: '••••' });
    expect(JSON.stringify(entry)).not.toContain('1234567890');
  });

  it("stores the record's name (a lead's, a customer's, an attendance day's) and the actor's name in the entry when it is written", async () => {
    const lead = await addLead({ name: 'Priya Sharma' });
    expect((await historyOf(lead.id))[0]).toMatchObject({ title: 'Priya Sharma', actor: { name: 'Test employee' } });
    const created = await staffRequest(app, '/api/customers', employee, { method: 'POST', body: { ...customerInput, phone: uniquePhone() } });
    expect(created.status, await created.clone().text()).toBe(201);
    const customer = await json<Customer>(created);
    expect((await historyOf(customer.id))[0]!.title).toBe('Meera Nair');
    const marked = await staffRequest(app, '/api/attendance', manager, { method: 'POST', body: { userId: employeeId, date: '2026-01-05', status: 'absent' } });
    expect(marked.status, await marked.clone().text()).toBe(201);
    const [day] = await historyOf(`${employeeId}-2026-01-05`);
    expect(day).toMatchObject({ entity: 'Attendance', title: 'Test employee, 5 Jan 2026', actor: { name: 'Test manager' } });
  });

  it('never sends a password hash to the browser, not even one an entry holds unmasked or deep in a value', async () => {
    // Its own app: the password change ends the admin's other sessions.
    const { app, db, staff } = await createStaffApp('admin');
    const changed = await staffRequest(app, '/api/auth/change-password', staff('admin').cookie, { method: 'POST', body: { currentPassword: STAFF_PASSWORD, newPassword: 'An0ther-strong-pass' } });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const adminId = staff('admin').employee.id;
    const hash = (await getEmployee(db, adminId))!.passwordHash;
    // An entry written by a direct plan (or before masking), holding the hash as it is.
    await plan(db, { actor: { id: 'system', name: 'System', email: '' }, requestId: 'test', now: new Date().toISOString() })
      .audit({ entity: 'Employee', entityId: adminId, action: 'update', changes: { passwordHash: { before: 'scrypt$old', after: hash }, profile: { before: null, after: { passwordHash: hash, name: 'Kept' } } } })
      .commit();
    const response = await staffRequest(app, `/api/audit-log?entityId=${adminId}`, sessionOf(changed));
    const text = await response.clone().text();
    expect(text).not.toContain(hash);
    expect(text).not.toContain('scrypt$');
    const [raw, fromRoute] = (await json<Page<AuditEntry>>(response)).items;
    expect(raw!.changes).toEqual({ passwordHash: { before: '••••', after: '••••' }, profile: { before: null, after: { passwordHash: '••••', name: 'Kept' } } });
    expect(fromRoute!.changes.passwordHash).toEqual({ before: '••••', after: '••••' });
  });

  it('filters by entity type, actor and date range, newest first, with a cursor', async () => {
    for (let i = 0; i < 3; i++) {
      const response = await staffRequest(app, '/api/customers', manager, { method: 'POST', body: { ...customerInput, firstName: `Audit ${i}` } });
      expect(response.status).toBe(201);
    }
    const managerId = (await json<{ user: { id: string } }>(staffRequest(app, '/api/auth/me', manager))).user.id;
    const first = await json<Page<AuditEntry>>(staffRequest(app, `/api/audit-log?entity=Customer&actorId=${managerId}&limit=2`, admin));
    expect(first.items.map((entry) => entry.changes.firstName?.after)).toEqual(['Audit 2', 'Audit 1']);
    expect(first.nextCursor).toBeDefined();
    const second = await json<Page<AuditEntry>>(
      staffRequest(app, `/api/audit-log?entity=Customer&actorId=${managerId}&limit=2&cursor=${first.nextCursor!}`, admin),
    );
    expect(second.items.map((entry) => entry.changes.firstName?.after)).toEqual(['Audit 0']);
    // A cursor of another list is refused, not replayed.
    expect((await staffRequest(app, `/api/audit-log?entity=Lead&cursor=${first.nextCursor!}`, admin)).status).toBe(400);

    const byActor = await json<Page<AuditEntry>>(staffRequest(app, `/api/audit-log?actorId=${managerId}&limit=100`, admin));
    expect(byActor.items.every((entry) => entry.actor.id === managerId)).toBe(true);
    const all = await json<Page<AuditEntry>>(staffRequest(app, '/api/audit-log?limit=5', admin));
    expect(all.items).toHaveLength(5);
    const times = all.items.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    const past = await json<Page<AuditEntry>>(staffRequest(app, '/api/audit-log?from=2020-01-01&to=2020-12-31', admin));
    expect(past.items).toEqual([]);
    // The viewer's combinations: an entity type (or a person) within a date range, read from that index's sort key.
    const today = calendarDate();
    const customersToday = await json<Page<AuditEntry>>(staffRequest(app, `/api/audit-log?entity=Customer&from=${today}&to=${today}&limit=100`, admin));
    expect(customersToday.items.length).toBeGreaterThanOrEqual(3);
    expect(customersToday.items.every((entry) => entry.entity === 'Customer')).toBe(true);
    expect((await json<Page<AuditEntry>>(staffRequest(app, '/api/audit-log?entity=Customer&from=2020-01-01&to=2020-12-31', admin))).items).toEqual([]);
    const managerToday = await json<Page<AuditEntry>>(staffRequest(app, `/api/audit-log?actorId=${managerId}&entity=Customer&from=${today}&limit=100`, admin));
    expect(managerToday.items.map((entry) => entry.changes.firstName?.after).slice(0, 3)).toEqual(['Audit 2', 'Audit 1', 'Audit 0']);
    expect((await json<Page<AuditEntry>>(staffRequest(app, `/api/audit-log?actorId=${managerId}&to=2020-12-31`, admin))).items).toEqual([]);
    expect((await staffRequest(app, '/api/audit-log?from=2026-02-30', admin)).status).toBe(400);
    expect((await staffRequest(app, '/api/audit-log?from=2026-02-10&to=2026-02-01', admin)).status).toBe(400);
  });

  it('50 simultaneous edits of one vendor from the same version: one wins with one entry, 49 get 409', async () => {
    const created = await staffRequest(app, '/api/vendors', employee, { method: 'POST', body: { name: 'Race Vendor', category: 'civil', phone: uniquePhone() } });
    const vendor = await json<Vendor>(created);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        staffRequest(app, `/api/vendors/${vendor.id}`, employee, { method: 'PUT', body: { ...vendor, city: `City ${i}`, version: 1 } }),
      ),
    );
    const statuses = answers.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const history = await historyOf(vendor.id);
    expect(history.map((entry) => entry.action)).toEqual(['update', 'create']);
    const winner = await json<Vendor>(answers.find((response) => response.status === 200)!);
    expect(history[0]!.changes.city).toEqual({ before: '', after: winner.city });
  });

  it('a rename moves every search token of a vendor with long texts in one transaction', async () => {
    const words = (prefix: string, count = 12) => Array.from({ length: count }, (_, i) => `${prefix}${i}abcdefgh`).join(' ');
    const created = await staffRequest(app, '/api/vendors', employee, {
      method: 'POST',
      body: { name: 'Zeppelin Woodworks', category: 'furniture', phone: uniquePhone(), alternatePhone: uniquePhone(), contactPerson: words('c'), city: words('t', 7), specialization: words('s') },
    });
    expect(created.status).toBe(201);
    const vendor = await json<Vendor>(created);
    const renamed = await staffRequest(app, `/api/vendors/${vendor.id}`, employee, { method: 'PUT', body: { ...vendor, name: 'Aardvark Interiors' } });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    const found = (q: string) => json<Page<Vendor>>(staffRequest(app, `/api/vendors?q=${q}`, employee));
    expect((await found('aardvark')).items.map((item) => item.id)).toEqual([vendor.id]);
    expect((await found('zeppelin')).items).toEqual([]);
    expect((await found(vendor.phone.slice(-5))).items.map((item) => item.id)).toEqual([vendor.id]);
  });

  it('is for admins and superadmins: employees and managers get 403', async () => {
    expect((await staffRequest(app, '/api/audit-log', employee)).status).toBe(403);
    expect((await staffRequest(app, '/api/audit-log', manager)).status).toBe(403);
    expect((await staffRequest(app, '/api/audit-log', undefined)).status).toBe(401);
  });

  it('has no route that changes or deletes an entry', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const response = await staffRequest(app, '/api/audit-log', admin, { method, body: {} });
      expect([404, 405], method).toContain(response.status);
    }
  });
});
