import { describe, expect, it } from 'vitest';
import type { Page } from '@app/shared-types/api';
import type { AuditEntry } from '@app/shared-types/audit';
import type { EmployeeRecord } from '@app/shared-types/employees';
import type { Lead } from '@app/shared-types/leads';
import { SAMPLE_SALESPEOPLE, type SampleDataRemoval } from '@app/shared-types/sample-data';
import { systemContext } from '../src/db/entity';
import { BLANK_PROFILE, employeeEntity, getEmployee, normalizeEmail } from '../src/people';
import { seedFirstStart } from '../src/local/seed';
import { upgradeLocalData } from '../src/local/upgrade-data';
import { keys } from '../src/db/keys';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createStaffApp, json, staffRequest, uniquePhone } from './helpers';

/** Issue 25: first-start salespeople with realistic names and the firm's addresses, marked sample, and 'Remove sample data'. */

const ids = SAMPLE_SALESPEOPLE.map((person) => person.id);

async function firstStart() {
  const test = await createStaffApp('manager', 'admin');
  await seedFirstStart(test.db);
  await upgradeLocalData(test.db);
  return test;
}

const removeSample = (t: Awaited<ReturnType<typeof firstStart>>, role: 'manager' | 'admin') =>
  staffRequest(t.app, '/api/settings/sample-data', t.staff(role).cookie, { method: 'DELETE' });

describe('sample salespeople (issue 25)', { timeout: 90_000 }, () => {
  it("a first start makes them with realistic names and addresses at the company's domain, marked as sample data", async () => {
    const t = await firstStart();
    const people = await Promise.all(ids.map((id) => json<EmployeeRecord>(staffRequest(t.app, `/api/users/${id}`, t.staff('admin').cookie))));
    expect(people.map(({ name, email, department, isSample }) => ({ name, email, department, isSample }))).toEqual([
      { name: 'Ravi Kumar', email: 'ravi.kumar@kaveridesign.studio', department: 'Sales', isSample: true },
      { name: 'Priya Sharma', email: 'priya.sharma@kaveridesign.studio', department: 'Sales', isSample: true },
      { name: 'Arjun Reddy', email: 'arjun.reddy@kaveridesign.studio', department: 'Sales', isSample: true },
    ]);
  });

  it('salespeople seeded before get the same from the data upgrade, unless someone made them their own', async () => {
    const t = await createStaffApp('admin');
    const now = new Date().toISOString();
    await seedFirstStart(t.db);
    // As issue 14 made them: placeholders, one of them given a real address by an admin since.
    for (const [i, id] of ids.entries()) {
      const name = ['Ravi Kumar', 'Assistant 1', 'Assistant 2'][i]!;
      const email = i === 2 ? 'meera.iyer@kaveridesign.studio' : `${id}@salespeople.invalid`;
      await employeeEntity.create(
        t.db,
        { ...BLANK_PROFILE, id, name: i === 2 ? 'Meera Iyer' : name, email: normalizeEmail(email), role: 'employee', status: 'active', department: 'Sales', position: 'Sales Assistant', passwordHash: 'x', passwordSet: false, passwordChangedAt: now, failedLoginCount: 0, lockedUntil: null, lastLoginAt: null, isSample: false, createdAt: now, updatedAt: now, version: 1 },
        systemContext(now),
      );
    }
    await t.db.doc.send(new UpdateCommand({ TableName: t.db.table, Key: keys.dataVersion(), UpdateExpression: 'SET version = :v, entityType = :t', ExpressionAttributeValues: { ':v': 10, ':t': 'DataVersion' } }));
    await upgradeLocalData(t.db);
    const after = await Promise.all(ids.map((id) => getEmployee(t.db, id)));
    expect(after.map((person) => [person?.name, person?.email, person?.isSample])).toEqual([
      ['Ravi Kumar', 'ravi.kumar@kaveridesign.studio', true],
      ['Priya Sharma', 'priya.sharma@kaveridesign.studio', true],
      ['Meera Iyer', 'meera.iyer@kaveridesign.studio', false],
    ]);
  });
});

describe("'Remove sample data' (issue 25)", { timeout: 90_000 }, () => {
  it('refuses a role below admin (403), then removes exactly the sample items, audited; again, it removes nothing', async () => {
    const t = await firstStart();
    expect((await removeSample(t, 'manager')).status).toBe(403);
    expect(await getEmployee(t.db, ids[0]!)).toBeDefined();

    // A lead assigned to a sample salesperson keeps them (and is not touched).
    const lead = await json<Lead>(
      staffRequest(t.app, '/api/leads', t.staff('admin').cookie, { method: 'POST', body: { name: 'Lakshmi Menon', phone: uniquePhone(), source: 'Website', assignedTo: ids[1] } }),
    );
    const response = await removeSample(t, 'admin');
    expect(response.status).toBe(200);
    const result = await json<SampleDataRemoval>(response);
    expect(result.removed.map((person) => person.name).sort()).toEqual(['Arjun Reddy', 'Ravi Kumar']);
    expect(result.kept).toEqual([{ id: ids[1], name: 'Priya Sharma', reason: 'Priya Sharma has 1 lead assigned: reassign it, then remove the sample data again' }]);
    expect(await getEmployee(t.db, ids[0]!)).toBeUndefined();
    expect(await getEmployee(t.db, ids[2]!)).toBeUndefined();
    // The staff accounts that are not sample data stay.
    expect(await getEmployee(t.db, t.staff('admin').employee.id)).toBeDefined();
    expect(await getEmployee(t.db, t.staff('manager').employee.id)).toBeDefined();
    const audit = await json<Page<AuditEntry>>(staffRequest(t.app, `/api/audit-log?entityId=${ids[0]}`, t.staff('admin').cookie));
    expect(audit.items.map((entry) => [entry.action, entry.actor.id])).toContainEqual(['delete', t.staff('admin').employee.id]);

    // Reassigned, the last one goes; then nothing is left to remove.
    const reassigned = await staffRequest(t.app, `/api/leads/${lead.id}`, t.staff('admin').cookie, { method: 'PUT', body: { assignedTo: t.staff('admin').employee.id, version: lead.version } });
    expect(reassigned.status, await reassigned.clone().text()).toBe(200);
    expect(await json<SampleDataRemoval>(removeSample(t, 'admin'))).toEqual({ removed: [{ id: ids[1], name: 'Priya Sharma' }], kept: [] });
    expect(await json<SampleDataRemoval>(removeSample(t, 'admin'))).toEqual({ removed: [], kept: [] });
  });
});
