import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@app/shared-types/api';
import type { EmployeeRecord } from '@app/shared-types/employees';
import { leadCreateSchema, type BulkImportResult, type Lead } from '@app/shared-types/leads';
import type { Db } from '../src/db/client';
import { queryPage } from '../src/db/item';
import { keys } from '../src/db/keys';
import { leadRotationKind } from '../src/leads/lead-assignment';
import { createLead } from '../src/leads/lead-repo';
import { createEmployee, updateEmployee } from '../src/people/employee-repo';
import { systemContext } from '../src/db/entity';
import { createStaffApp, createTestApp, json, postForm, staffRequest, uniquePhone, validContact, validEstimate, type TestApp } from './helpers';

/**
 * Speed-to-lead (issue 26): every new lead without an assignee, from any
 * source, gets one in its own commit, round-robin among the active employees
 * who take leads; no taker skipped or doubled, even for leads created at once.
 */

let app: TestApp;
let db: Db;
let admin: string;

beforeAll(async () => {
  const made = await createStaffApp('admin');
  ({ app, db } = made);
  admin = made.staff('admin').cookie;
});

let emailCount = 0;
async function addEmployee(name: string, takesLeads: boolean, target = app, cookie = admin): Promise<EmployeeRecord> {
  const body = { name, email: `taker-${Date.now()}-${++emailCount}@kaveri-studio.in`, password: 'Welcome-2026', department: 'Sales', position: 'Sales Executive', takesLeads };
  const response = await staffRequest(target, '/api/users', cookie, { method: 'POST', body });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<EmployeeRecord>(response);
}

/** A lead's phone -> its assignee, read back through the API (every lead of the app). */
async function assigneesByPhone(target = app, cookie = admin): Promise<Map<string, Lead>> {
  const byPhone = new Map<string, Lead>();
  let cursor: string | undefined;
  do {
    const page = await json<Page<Lead>>(staffRequest(target, `/api/leads?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, cookie));
    for (const lead of page.items) byPhone.set(lead.phone.replace(/\D/g, '').slice(-10), lead);
    cursor = page.nextCursor;
  } while (cursor);
  return byPhone;
}

const countBy = (leads: Lead[]) => leads.reduce((counts, lead) => counts.set(lead.assignedTo, (counts.get(lead.assignedTo) ?? 0) + 1), new Map<string, number>());

/** The ways a lead comes in, each with its own new phone. */
const sources = {
  calculator: async (phone: string) => expect((await postForm(app, '/api/calculator', { ...validEstimate, phone })).status).toBe(201),
  contact: async (phone: string) => expect((await postForm(app, '/api/contact', { ...validContact, phone })).status).toBe(201),
  manual: async (phone: string) => expect((await staffRequest(app, '/api/leads', admin, { method: 'POST', body: { name: 'Walk In', phone, source: 'Referral' } })).status).toBe(201),
};

describe('round-robin assignment', () => {
  it('gives 9 leads from mixed sources to 3 takers 3 each', async () => {
    const takers = await Promise.all(['Asha Rao', 'Bhavna Shah', 'Chetan Iyer'].map((name) => addEmployee(name, true)));
    const bystander = await addEmployee('Deepak Not Taking', false);
    expect(bystander.takesLeads).toBe(false);
    const takerIds = takers.map((taker) => taker.id).sort();

    // One after another: calculator, contact form, typed in, and an import of three rows.
    const phones: string[] = [];
    for (const source of ['calculator', 'contact', 'manual', 'calculator', 'contact', 'manual'] as const) {
      const phone = uniquePhone('8');
      phones.push(phone);
      await sources[source](phone);
    }
    const imported = Array.from({ length: 3 }, () => uniquePhone('8'));
    phones.push(...imported);
    const importResponse = await staffRequest(app, '/api/leads/bulk-import', admin, {
      method: 'POST',
      body: { leadsData: imported.map((phone, i) => ({ name: `Imported ${i}`, phone, source: 'Website' })) },
    });
    expect(importResponse.status, await importResponse.clone().text()).toBe(200);
    expect((await json<BulkImportResult>(importResponse)).leads).toHaveLength(3);

    const first = await assigneesByPhone();
    const firstNine = phones.map((phone) => first.get(phone)!);
    expect(firstNine.every(Boolean)).toBe(true);
    // In turn: each taker once in every three leads, so 3 each; never the employee who does not take leads.
    expect(Object.fromEntries(countBy(firstNine))).toEqual(Object.fromEntries(takerIds.map((id) => [id, 3])));
    for (let i = 0; i < 9; i += 3) expect(firstNine.slice(i, i + 3).map((lead) => lead.assignedTo).sort()).toEqual(takerIds);
    expect(firstNine.map((lead) => lead.assignedToName).sort()).toEqual(takers.flatMap((taker) => [taker.name, taker.name, taker.name]).sort());
  });

  it('splits 20 leads created at once fairly, with no taker skipped or doubled', async () => {
    const takerIds = [...new Set([...(await assigneesByPhone()).values()].map((lead) => lead.assignedTo))].sort();
    expect(takerIds).toHaveLength(3);
    // 20 at once, through the lead-creation write every source shares (timed by the test, not by a request's deadline).
    const concurrent = Array.from({ length: 20 }, () => uniquePhone('7'));
    const leadSources = ['Website', 'Facebook Ads', 'Google Ads', 'WhatsApp', 'Referral'] as const;
    const started = Date.now();
    const results = await Promise.all(
      concurrent.map((phone, i) => createLead(db, leadCreateSchema.validateSync({ name: `At Once ${i}`, phone, source: leadSources[i % leadSources.length] }), systemContext(new Date().toISOString()))),
    );
    console.log(`20 concurrent lead creations took ${Date.now() - started} ms`);
    expect(results.every((result) => 'lead' in result)).toBe(true);
    const after = await assigneesByPhone();
    const twenty = concurrent.map((phone) => after.get(phone)!);
    expect(twenty.every((lead) => lead && takerIds.includes(lead.assignedTo))).toBe(true);
    // 20 turns after 9 (a whole round): 7, 7 and 6.
    const counts = [...countBy(twenty).values()].sort((a, b) => a - b);
    expect(counts).toEqual([6, 7, 7]);
    // The rotation counted exactly one turn per lead: none taken twice, none lost.
    const turns = await Promise.all(takerIds.map(async (id) => (await leadRotationKind.get(db, ['all', id]))?.turns ?? 0));
    expect(turns.sort((a, b) => a - b)).toEqual([9, 10, 10]);
    expect([...after.values()].every((lead) => takerIds.includes(lead.assignedTo))).toBe(true);
  });

  it('follows a rule by source or city first, in turn among its own employees', async () => {
    const [a, b] = await Promise.all(['Rule A', 'Rule B'].map((name) => addEmployee(name, true)));
    const settings = await json<Record<string, Record<string, unknown>>>(staffRequest(app, '/api/settings', admin));
    const rules = [{ id: 'pune', source: '', city: 'Pune', employeeIds: [a!.id, b!.id] }];
    const saved = await staffRequest(app, '/api/settings', admin, { method: 'PUT', body: { ...settings, business: { ...settings.business, leadAssignmentRules: rules } } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const add = async (location: string, source = 'Referral') => {
      const response = await staffRequest(app, '/api/leads', admin, { method: 'POST', body: { name: 'Rule Lead', phone: uniquePhone('6'), location, source } });
      expect(response.status).toBe(201);
      return (await json<Lead>(response)).assignedTo;
    };
    const pune = [await add('pune'), await add('Pune', 'Website'), await add('PUNE')];
    expect(pune.slice(0, 2).sort()).toEqual([a!.id, b!.id].sort());
    expect([a!.id, b!.id]).toContain(pune[2]);
    // Elsewhere: everyone who takes leads. The two new takers start level with the fewest (9), not at 0:
    // the next three leads go to them and to the one of the first three with 9.
    const elsewhere = [await add('Hyderabad'), await add('Hyderabad'), await add('Hyderabad')];
    expect(new Set(elsewhere).size).toBe(3);
    expect(elsewhere).toEqual(expect.arrayContaining([a!.id, b!.id]));
  });

  it('leaves a lead unassigned when nobody takes leads any more, and tells the managers', async () => {
    const { db: empty } = await createTestApp();
    // The firm used the rotation: one employee took leads, then stopped.
    const now = new Date().toISOString();
    const former = await createEmployee(empty, { name: 'Former Taker', email: `former-${Date.now()}@kaveri-studio.in`, role: 'employee', passwordHash: 'x' }, now);
    const taking = await updateEmployee(empty, former.id, former.version, (before) => ({ ...before, takesLeads: true }), systemContext(now));
    if (!('item' in taking)) throw new Error('not updated');
    expect(await updateEmployee(empty, former.id, taking.item.version, (before) => ({ ...before, takesLeads: false }), systemContext(now))).toHaveProperty('item');
    const created = await createLead(empty, { ...leadCreateSchema.validateSync({ name: 'Nobody Takes', phone: uniquePhone('6') }) }, systemContext(new Date().toISOString()));
    if (!('lead' in created)) throw new Error('not created');
    expect(created.lead.assignedTo).toBe('');
    const pending = await queryPage(empty, { index: 'gsi1', pk: keys.outboxByStatus('pending') });
    const notices = pending.items.filter((item) => item.kind === 'lead.unassigned');
    expect(notices.map((item) => (item.event as { leadId: string }).leadId)).toEqual([created.lead.id]);
  });
});
