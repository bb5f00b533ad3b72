import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@app/shared-types/api';
import type { AuditEntry } from '@app/shared-types/audit';
import type { DepartmentRecord, JobRoleRecord } from '@app/shared-types/departments';
import { DEPARTMENTS } from '@app/shared-types/employees';
import { employeeEntity } from '../src/people/employee-repo';
import { systemContext } from '../src/db/entity';
import { upgradeLocalData } from '../src/local/upgrade-data';
import { allDepartments, upgradeEmployeeDepartments } from '../src/people';
import { createStaffApp, createTestApp, json, readAllPages, signedInStaff, staffRequest, type TestApp } from './helpers';

let app: TestApp;

let admin: string;
let employee: string;

beforeAll(async () => {
  const { staff, ...test } = await createStaffApp('admin', 'employee');
  ({ app } = test);
  [admin, employee] = [staff('admin').cookie, staff('employee').cookie];
});

const send = (path: string, method: string, body?: unknown, cookie = admin) => staffRequest(app, path, cookie, { method, body });

async function addDepartment(name: string, extra: Record<string, unknown> = {}) {
  const response = await send('/api/departments', 'POST', { name, ...extra });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<DepartmentRecord>(response);
}

async function addRole(name: string, departmentId: string) {
  const response = await send('/api/job-roles', 'POST', { name, departmentId, responsibilities: 'Site visits' });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<JobRoleRecord>(response);
}

describe('departments', () => {
  it('creates, lists by name in pages, updates with a version and deletes, each audited', async () => {
    const a = await addDepartment('  Procurement ', { description: 'Buys things' });
    expect(a).toMatchObject({ name: 'Procurement', description: 'Buys things', headOfDepartment: '', isActive: true, version: 1 });
    await addDepartment('Accounts');
    await addDepartment('Legal', { isActive: false });
    const pages = await readAllPages((query) => json<Page<DepartmentRecord>>(send(`/api/departments?${new URLSearchParams(query)}`, 'GET', undefined, employee)), {}, 1);
    expect(pages).toHaveLength(3);
    const active = await json<Page<DepartmentRecord>>(send('/api/departments?active=true', 'GET'));
    expect(active.items.map((d) => d.name)).toEqual(['Accounts', 'Procurement']);

    const updated = await json<DepartmentRecord>(send(`/api/departments/${a.id}`, 'PUT', { ...a, description: 'Buys materials', version: 1 }));
    expect(updated).toMatchObject({ description: 'Buys materials', version: 2 });
    const stale = await send(`/api/departments/${a.id}`, 'PUT', { ...a, description: 'Old', version: 1 });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ current: { version: 2 } });

    expect((await send(`/api/departments/${a.id}`, 'DELETE')).status).toBe(200);
    const audit = await json<Page<AuditEntry>>(send(`/api/audit-log?entityId=${a.id}`, 'GET'));
    expect(audit.items.map((entry) => entry.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('answers 400 with field messages, 409 for a name taken in any case', async () => {
    const bad = await send('/api/departments', 'POST', { name: ' ', isActive: 'maybe' });
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { fields: Record<string, string> }).fields).sort()).toEqual(['isActive', 'name']);
    await addDepartment('Quality');
    const taken = await send('/api/departments', 'POST', { name: 'QUALITY' });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ fields: { name: 'A department with this name already exists' } });
  });

  it('lets any staff read and only admins write (403 for an employee)', async () => {
    expect((await send('/api/departments', 'GET', undefined, employee)).status).toBe(200);
    expect((await send('/api/departments', 'POST', { name: 'Nope' }, employee)).status).toBe(403);
    expect((await send('/api/job-roles', 'POST', { name: 'Nope', departmentId: 'x' }, employee)).status).toBe(403);
  });

  it('refuses to delete a department with job roles or employees (409), and a rename while employees use it', async () => {
    const design = await addDepartment('Studio');
    const role = await addRole('Interior Designer', design.id);
    const refused = await send(`/api/departments/${design.id}`, 'DELETE');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: expect.stringContaining('job roles') });
    expect((await send(`/api/job-roles/${role.id}`, 'DELETE')).status).toBe(200);

    const person = await send('/api/users', 'POST', { name: 'Asha Rao', email: 'asha.studio@kaveri-studio.in', department: 'studio', password: 'Str0ng-enough-pass' });
    expect(person.status, await person.clone().text()).toBe(201);
    expect(await person.json()).toMatchObject({ department: 'Studio' });
    const withPeople = await send(`/api/departments/${design.id}`, 'DELETE');
    expect(withPeople.status).toBe(409);
    expect(await withPeople.json()).toMatchObject({ error: expect.stringContaining('Employees') });
    expect((await send(`/api/departments/${design.id}`, 'PUT', { ...design, name: 'Atelier' })).status).toBe(409);
  });
});

describe('job roles', () => {
  it('creates in a department, lists one department by name, refuses unknown departments, taken names and stale versions', async () => {
    const ops = await addDepartment('Site Works');
    const other = await addDepartment('Showroom');
    await addRole('Site Supervisor', ops.id);
    const foreman = await addRole('Foreman', ops.id);
    await addRole('Showroom Host', other.id);
    const list = await json<Page<JobRoleRecord>>(send(`/api/job-roles?departmentId=${ops.id}`, 'GET', undefined, employee));
    expect(list.items.map((r) => r.name)).toEqual(['Foreman', 'Site Supervisor']);

    const unknown = await send('/api/job-roles', 'POST', { name: 'Ghost', departmentId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ fields: { departmentId: 'Choose a department from the list' } });
    expect((await send('/api/job-roles', 'POST', { name: 'foreman', departmentId: other.id })).status).toBe(409);
    expect((await send('/api/job-roles', 'POST', { departmentId: other.id })).status).toBe(400);

    const moved = await json<JobRoleRecord>(send(`/api/job-roles/${foreman.id}`, 'PUT', { ...foreman, departmentId: other.id, version: 1 }));
    expect(moved).toMatchObject({ departmentId: other.id, version: 2 });
    expect((await send(`/api/job-roles/${foreman.id}`, 'PUT', { ...foreman, version: 1 })).status).toBe(409);
    const audit = await json<Page<AuditEntry>>(send(`/api/audit-log?entityId=${foreman.id}`, 'GET'));
    expect(audit.items.map((entry) => entry.action).sort()).toEqual(['create', 'update']);
  });
});

describe('employees choose a department', () => {
  it('refuses an inactive or unknown department with a field message', async () => {
    await addDepartment('Archive', { isActive: false });
    for (const department of ['Archive', 'Nowhere']) {
      const response = await send('/api/users', 'POST', { name: 'Ravi', email: `ravi-${department}@kaveri-studio.in`, department, password: 'Str0ng-enough-pass' });
      expect(response.status).toBe(400);
      expect(Object.keys(((await response.json()) as { fields: Record<string, string> }).fields)).toEqual(['department']);
    }
  });
});

describe('data upgrade 9', () => {
  it("seeds the SPEC's eight, makes a department of every other name employees use, respells, and runs again harmlessly", async () => {
    const fresh = await createTestApp();
    const { employee: person } = await signedInStaff(fresh.app, fresh.db, 'employee');
    const ctx = systemContext(new Date().toISOString());
    await employeeEntity.update(fresh.db, person.id, undefined, (before) => ({ ...before, department: 'Carpentry' }), ctx);
    const other = await signedInStaff(fresh.app, fresh.db, 'manager');
    await employeeEntity.update(fresh.db, other.employee.id, undefined, (before) => ({ ...before, department: 'sales' }), ctx);

    await upgradeLocalData(fresh.db);
    const names = (await allDepartments(fresh.db)).map((d) => d.name);
    expect(names.sort()).toEqual([...DEPARTMENTS, 'Carpentry'].sort());
    expect((await employeeEntity.get(fresh.db, other.employee.id))?.department).toBe('Sales');

    expect(await upgradeEmployeeDepartments(fresh.db, ctx)).toEqual({ departments: 0, employees: 0 });
    expect(await allDepartments(fresh.db)).toHaveLength(9);
  });
});
