import { beforeAll, describe, expect, it } from 'vitest';
import { monthOf } from '@app/shared-types/attribution';
import { leadCreateSchema } from '@app/shared-types/leads';
import { DEFAULT_BUSINESS_HOURS } from '@app/shared-types/settings';
import { businessMinutesBetween } from '@app/shared-types/speed-to-lead';
import type { Db } from '../src/db/client';
import { systemContext, type WriteContext } from '../src/db/entity';
import { queryPage } from '../src/db/item';
import { keys } from '../src/db/keys';
import { addCommunication, createLead, getLead } from '../src/leads/lead-repo';
import { firstResponseReport, leadAwaitingKind, overdueLeadIds, runSlaChecks } from '../src/leads/lead-sla';
import { createEmployee, updateEmployee, type EmployeeItem } from '../src/people/employee-repo';
import type { BulkUpdateResult, Lead } from '@app/shared-types/leads';
import type { FirstResponseReport, ResponseOverdue } from '@app/shared-types/speed-to-lead';
import { createStaffApp, createTestApp, json, login, STAFF_PASSWORD, staffRequest, uniquePhone } from './helpers';

/**
 * Speed-to-lead (issue 26): the first-response SLA counts business minutes
 * (Mon–Sat 9–19 Asia/Kolkata by default); the job rings the assignee's bell
 * once past the time, and tells their reporting manager once at twice the
 * time. A fixed clock across a Sunday.
 */

// Saturday 28 November 2026, 18:50 in Asia/Kolkata (13:20 UTC): ten business minutes left that day.
const SATURDAY_1850 = '2026-11-28T13:20:00.000Z';
const at = (iso: string) => Date.parse(iso);
const SATURDAY_1900 = at('2026-11-28T13:30:00.000Z');
const SUNDAY_NOON = at('2026-11-29T06:30:00.000Z');
const MONDAY_0904 = at('2026-11-30T03:34:00.000Z');
const MONDAY_0905 = at('2026-11-30T03:35:00.000Z');
const MONDAY_0920 = at('2026-11-30T03:50:00.000Z');
const MONDAY_0930 = '2026-11-30T04:00:00.000Z';

let db: Db;
let manager: EmployeeItem;
let taker: EmployeeItem;

const job = (nowMs: number) => runSlaChecks(db, nowMs, systemContext(new Date(nowMs).toISOString(), 'sla-test'));

/** The outbox events of one kind about a lead. */
async function eventsOf(kind: string, leadId: string) {
  const { items } = await queryPage(db, { index: 'gsi1', pk: keys.outboxByStatus('pending'), limit: 500 });
  return items.filter((item) => item.kind === kind && (item.event as { leadId?: string }).leadId === leadId).map((item) => item.event as Record<string, unknown>);
}

beforeAll(async () => {
  ({ db } = await createTestApp());
  const now = new Date().toISOString();
  manager = await createEmployee(db, { name: 'Meena Manager', email: 'meena.sla@kaveri-studio.in', role: 'manager', passwordHash: 'x' }, now);
  const made = await createEmployee(db, { name: 'Sunil Sales', email: 'sunil.sla@kaveri-studio.in', role: 'employee', passwordHash: 'x' }, now);
  const updated = await updateEmployee(db, made.id, made.version, (before) => ({ ...before, takesLeads: true, reportingManager: manager.id }), systemContext(now));
  if (!('item' in updated)) throw new Error('employee not updated');
  taker = updated.item;
});

describe('business minutes', () => {
  it('counts Mon–Sat 9–19 Asia/Kolkata only: Saturday 18:50 to Monday 09:05 is 15 minutes', () => {
    expect(businessMinutesBetween(at(SATURDAY_1850), MONDAY_0905, DEFAULT_BUSINESS_HOURS)).toBe(15);
    expect(businessMinutesBetween(at(SATURDAY_1850), SUNDAY_NOON, DEFAULT_BUSINESS_HOURS)).toBe(10);
    // A lead that arrives on Sunday starts counting on Monday at 9.
    expect(businessMinutesBetween(SUNDAY_NOON, MONDAY_0920, DEFAULT_BUSINESS_HOURS)).toBe(20);
    // A Sunday made a business day counts it.
    expect(businessMinutesBetween(at(SATURDAY_1850), SUNDAY_NOON, { ...DEFAULT_BUSINESS_HOURS, days: [0, 1, 2, 3, 4, 5, 6] })).toBe(10 + 180);
  });
});

describe('the SLA job', () => {
  it('rings the assignee once past 15 business minutes and tells their manager once at 30, across a Sunday', async () => {
    const created = await createLead(db, leadCreateSchema.validateSync({ name: 'Late Saturday', phone: '9876501234', source: 'Website' }), systemContext(SATURDAY_1850));
    if (!('lead' in created)) throw new Error('lead not created');
    const lead = created.lead;
    expect(lead.assignedTo).toBe(taker.id);

    expect(await job(SATURDAY_1900)).toEqual({ due: 0, escalated: 0 });
    expect(await job(SUNDAY_NOON)).toEqual({ due: 0, escalated: 0 });
    expect(await job(MONDAY_0904)).toEqual({ due: 0, escalated: 0 });
    expect(await overdueLeadIds(db, MONDAY_0904)).toEqual([]);

    expect(await job(MONDAY_0905)).toEqual({ due: 1, escalated: 0 });
    expect(await job(MONDAY_0905)).toEqual({ due: 0, escalated: 0 });
    expect((await overdueLeadIds(db, MONDAY_0905)).map((item) => item.id)).toEqual([lead.id]);
    expect(await eventsOf('lead.response_due', lead.id)).toEqual([expect.objectContaining({ assigneeId: taker.id, minutes: 15 })]);
    expect(await eventsOf('lead.response_overdue', lead.id)).toEqual([]);

    expect(await job(MONDAY_0920)).toEqual({ due: 0, escalated: 1 });
    expect(await job(MONDAY_0920)).toEqual({ due: 0, escalated: 0 });
    expect(await eventsOf('lead.response_due', lead.id)).toHaveLength(1);
    expect(await eventsOf('lead.response_overdue', lead.id)).toEqual([expect.objectContaining({ managerId: manager.id, assigneeId: taker.id, minutes: 30 })]);

    // The assignee calls at 09:30: the first response, 40 business minutes after the lead came in.
    const ctx: WriteContext = { actor: { id: taker.id, name: taker.name, email: taker.email }, requestId: 'call', now: MONDAY_0930 };
    expect(await addCommunication(db, lead.id, { type: 'call', content: 'Called back' }, ctx)).toBeDefined();
    expect((await getLead(db, lead.id, true))?.firstResponseAt).toBe(MONDAY_0930);
    expect(await leadAwaitingKind.get(db, [lead.createdAt, lead.id])).toBeUndefined();
    expect(await overdueLeadIds(db, at(MONDAY_0930))).toEqual([]);
    // A second entry is not a first response.
    await addCommunication(db, lead.id, { type: 'note', content: 'Sent brochure' }, { ...ctx, now: '2026-11-30T05:00:00.000Z' });
    expect((await getLead(db, lead.id, true))?.firstResponseAt).toBe(MONDAY_0930);

    const report = await firstResponseReport(db, '2026-11');
    expect(report).toEqual({ month: '2026-11', slaMinutes: 15, rows: [{ employeeId: taker.id, employeeName: taker.name, responses: 1, medianMinutes: 40, withinSlaPercent: 0 }] });
  });
});

describe('a bulk update', () => {
  it('is the first response of the leads whose status it changes, as one edit is; an assignment alone is not', async () => {
    const { app, clock, staff } = await createStaffApp('manager');
    const { employee } = staff('manager');
    let { cookie } = staff('manager');
    const create = async (name: string) => {
      const response = await staffRequest(app, '/api/leads', cookie, { method: 'POST', body: { name, phone: uniquePhone('7'), source: 'Website' } });
      expect(response.status, await response.clone().text()).toBe(201);
      return json<Lead>(response);
    };
    const [statusChanged, assignedOnly] = [await create('Bulk Status'), await create('Bulk Assign')];
    // A week on: past 15 business minutes whatever the day.
    clock.advance(7 * 86_400_000);
    // (The session has lapsed meanwhile: sign in again.)
    cookie = (await login(app, employee.email, STAFF_PASSWORD)).cookie!;
    const overdueIds = async () => (await json<ResponseOverdue>(staffRequest(app, '/api/leads/response-overdue', cookie))).items.map((lead) => lead.id);
    expect((await overdueIds()).sort()).toEqual([statusChanged.id, assignedOnly.id].sort());

    const bulk = async (body: object) => {
      const response = await staffRequest(app, '/api/leads/bulk-update', cookie, { method: 'POST', body });
      expect(response.status, await response.clone().text()).toBe(200);
      return json<BulkUpdateResult>(response);
    };
    const changed = await bulk({ ids: [statusChanged.id], status: 'Follow-up' });
    const respondedAt = new Date(clock.now()).toISOString().slice(0, 16);
    expect(changed.updated[0]?.firstResponseAt?.slice(0, 16)).toBe(respondedAt);
    await bulk({ ids: [assignedOnly.id], assignedTo: employee.id });

    expect(await overdueIds()).toEqual([assignedOnly.id]);
    const read = async (id: string) => (await json<{ lead: Lead }>(staffRequest(app, `/api/leads/${id}`, cookie))).lead;
    expect((await read(statusChanged.id)).firstResponseAt?.slice(0, 16)).toBe(respondedAt);
    expect((await read(assignedOnly.id)).firstResponseAt).toBeUndefined();
    expect((await read(assignedOnly.id)).assignedTo).toBe(employee.id);
    // The response counts for the manager who made it, in its month (Asia/Kolkata).
    const month = monthOf(new Date(clock.now()).toISOString());
    const report = await json<FirstResponseReport>(staffRequest(app, `/api/leads/first-response?month=${month}`, cookie));
    expect(report.rows).toEqual([expect.objectContaining({ employeeId: employee.id, responses: 1 })]);

    // A second status change is not a first response again.
    await bulk({ ids: [statusChanged.id], status: 'Quoted' });
    expect((await read(statusChanged.id)).firstResponseAt?.slice(0, 16)).toBe(respondedAt);
    expect((await json<FirstResponseReport>(staffRequest(app, `/api/leads/first-response?month=${month}`, cookie))).rows[0]?.responses).toBe(1);
  });
});
