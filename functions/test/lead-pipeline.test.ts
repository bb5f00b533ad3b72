import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@app/shared-types/api';
import type { Lead, LeadAnalytics, LeadDetail } from '@app/shared-types/leads';
import { createStaffApp, json, staffRequest, uniquePhone, type TestApp } from './helpers';

let app: TestApp;
let employee: string;

beforeAll(async () => {
  const { staff, ...test } = await createStaffApp('employee');
  app = test.app;
  employee = staff('employee').cookie;
});

async function addLead(body: Record<string, unknown>) {
  const response = await staffRequest(app, '/api/leads', employee, { method: 'POST', body: { name: 'Pipeline Lead', phone: uniquePhone(), ...body } });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<Lead>(response);
}

const columnOf = async (status: Lead['status']) =>
  (await json<LeadAnalytics>(staffRequest(app, '/api/leads/analytics', employee))).statusBreakdown.find((column) => column.status === status);

describe('the pipeline board and paging figures (issue 25)', () => {
  it('keeps a ₹ total per status that moves with creates, status changes and budget edits', async () => {
    const [newBefore, quotedBefore] = [await columnOf('New'), await columnOf('Quoted')];
    const lead = await addLead({ budget: 500000 });
    await addLead({});
    expect((await columnOf('New'))?.budget).toBe((newBefore?.budget ?? 0) + 500000);
    const moved = await staffRequest(app, `/api/leads/${lead.id}`, employee, { method: 'PUT', body: { version: lead.version, status: 'Quoted', budget: 650000 } });
    expect(moved.status).toBe(200);
    expect((await columnOf('New'))?.budget).toBe(newBefore?.budget ?? 0);
    expect(await columnOf('Quoted')).toEqual({ status: 'Quoted', count: (quotedBefore?.count ?? 0) + 1, budget: (quotedBefore?.budget ?? 0) + 650000 });
    // A stale move is refused, and the figures stay.
    const stale = await staffRequest(app, `/api/leads/${lead.id}`, employee, { method: 'PUT', body: { version: lead.version, status: 'Won' } });
    expect(stale.status).toBe(409);
    expect((await columnOf('Won'))?.budget ?? 0).toBe(0);
  });

  it('a page knows its total where the kept counts do, and not where they do not', async () => {
    const { totalLeads } = await json<LeadAnalytics>(staffRequest(app, '/api/leads/analytics', employee));
    const all = await json<Page<Lead>>(staffRequest(app, '/api/leads?limit=1', employee));
    expect(all.total).toBe(totalLeads);
    const quoted = await json<Page<Lead>>(staffRequest(app, '/api/leads?status=Quoted&limit=1', employee));
    expect(quoted.total).toBe((await columnOf('Quoted'))?.count);
    const searched = await json<Page<Lead>>(staffRequest(app, '/api/leads?q=Pipeline', employee));
    expect(searched.total).toBeUndefined();
    // A filter that leaves pages part-full has none: its range would not be the rows shown.
    const bySource = await json<Page<Lead>>(staffRequest(app, '/api/leads?source=Website', employee));
    expect(bySource.total).toBeUndefined();
    const byFollowUp = await json<Page<Lead>>(staffRequest(app, '/api/leads?status=Quoted&sort=followUp', employee));
    expect(byFollowUp.total).toBeUndefined();
  });

  it("'Last contacted' stays empty until someone calls, messages or emails the lead", async () => {
    const lead = await addLead({});
    expect(lead.lastContactedAt).toBeNull();
    const note = await staffRequest(app, `/api/leads/${lead.id}/communications`, employee, { method: 'POST', body: { type: 'note', content: 'Looked at the plan' } });
    expect(note.status).toBe(201);
    expect((await json<LeadDetail>(staffRequest(app, `/api/leads/${lead.id}`, employee))).lead.lastContactedAt).toBeNull();
    const call = await staffRequest(app, `/api/leads/${lead.id}/communications`, employee, { method: 'POST', body: { type: 'call', content: 'Called, will visit Sunday' } });
    expect(call.status).toBe(201);
    const after = (await json<LeadDetail>(staffRequest(app, `/api/leads/${lead.id}`, employee))).lead;
    expect(after.lastContactedAt).toEqual(expect.any(String));
    // Marking contacted is not an edit: the version stays.
    expect(after.version).toBe(lead.version);
    const gone = await staffRequest(app, '/api/leads/00000000-0000-4000-8000-000000000000/communications', employee, { method: 'POST', body: { type: 'note', content: 'x' } });
    expect(gone.status).toBe(404);
  });
});
