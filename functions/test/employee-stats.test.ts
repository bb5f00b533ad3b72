import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from '@app/shared-types/api';
import type { EmployeeRecord, EmployeeStats } from '@app/shared-types/employees';
import { counterUpdate } from '../src/dashboard/stats-repo';
import { transactWrite } from '../src/db/writes';
import { upgradeLocalData } from '../src/local/upgrade-data';
import { createStaffApp, createTestApp, json, signedInStaff, staffRequest } from './helpers';

/** Employee Management's cards and filters (GET /api/users/stats, GET /api/users?department&role&status&q). */
describe("Employee Management's figures and filters", () => {
  it('keeps total, active, on leave and departments exact through create, status change and delete, and filters the list', async () => {
    const { app, staff } = await createStaffApp('admin', 'manager');
    const admin = staff('admin').cookie;
    const stats = async () => json<EmployeeStats>(staffRequest(app, '/api/users/stats', admin));
    // The two signed-in accounts (no department).
    expect(await stats()).toEqual({ total: 2, active: 2, onLeave: 0, departments: 0 });

    const create = async (name: string, department: string, role = 'employee') => {
      const body = { name, email: `${randomUUID()}@kaveri-studio.in`, password: 'Welcome-2026', phone: '+91 98480 22334', department, role };
      const response = await staffRequest(app, '/api/users', admin, { method: 'POST', body });
      expect(response.status, await response.clone().text()).toBe(201);
      return json<EmployeeRecord>(response);
    };
    await create('Kavya Reddy', 'Design');
    await create('Arjun Rao', 'Design', 'manager');
    const sana = await create('Sana Khan', 'Sales');
    expect(await stats()).toEqual({ total: 5, active: 5, onLeave: 0, departments: 2 });

    const onLeave = await staffRequest(app, `/api/users/${sana.id}`, admin, { method: 'PUT', body: { ...sana, password: '', status: 'on_leave' } });
    expect(onLeave.status, await onLeave.clone().text()).toBe(200);
    expect(await stats()).toEqual({ total: 5, active: 4, onLeave: 1, departments: 2 });
    expect((await staffRequest(app, `/api/users/${sana.id}`, admin, { method: 'DELETE' })).status).toBe(200);
    expect(await stats()).toEqual({ total: 4, active: 4, onLeave: 0, departments: 1 });

    const names = async (query: string) => (await json<Page<EmployeeRecord>>(staffRequest(app, `/api/users?${query}`, admin))).items.map((e) => e.name);
    expect(await names('department=Design')).toEqual(['Arjun Rao', 'Kavya Reddy']);
    expect(await names('department=Design&role=manager')).toEqual(['Arjun Rao']);
    expect(await names('q=kavya')).toEqual(['Kavya Reddy']);
    expect(await names('status=on_leave')).toEqual([]);
    // Departments are the firm's own list: a name nobody is in filters to nothing; a name no department could have is refused.
    expect(await names('department=Carpentry')).toEqual([]);
    expect((await staffRequest(app, `/api/users?department=${'x'.repeat(101)}`, admin)).status).toBe(400);
    // The cards are Employee Management's: admin and superadmin only.
    expect((await staffRequest(app, '/api/users/stats', staff('manager').cookie)).status).toBe(403);
  });
});

describe('the data upgrade of the staff counters', () => {
  it('counts employees written before the counters existed, without counting the seeded salespeople twice, once', async () => {
    const fresh = await createTestApp();
    const superadmin = await signedInStaff(fresh.app, fresh.db, 'superadmin');
    // A table from before the counters: its superadmin was never counted.
    await transactWrite(fresh.db, [counterUpdate(fresh.db, 'DASHBOARD', { employees: -1, 'employees:status:active': -1 })]);
    const stats = async () => json<EmployeeStats>(staffRequest(fresh.app, '/api/users/stats', superadmin.cookie));
    expect(await stats()).toEqual({ total: 0, active: 0, onLeave: 0, departments: 0 });

    // The upgrade seeds the three salespeople (counted as they are written) and sets the counters.
    await upgradeLocalData(fresh.db);
    expect(await stats()).toEqual({ total: 4, active: 4, onLeave: 0, departments: 1 });
    await upgradeLocalData(fresh.db);
    expect(await stats()).toEqual({ total: 4, active: 4, onLeave: 0, departments: 1 });
  });
});
