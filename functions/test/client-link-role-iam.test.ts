import { beforeAll, describe, expect, it } from 'vitest';
import type { Quotation, QuotationSendResult } from '@app/shared-types/quotations';
import { declaredRoutes } from '../src/app';
import { createCustomer } from '../src/customers/customer-repo';
import type { Db } from '../src/db/client';
import { systemContext } from '../src/db/entity';
import { routeKey } from '../src/lib/route-access';
import { createProject } from '../src/projects/project-repo';
import { createTestApp, customerInput, json, postJson, projectInput, signedInStaff, staffRequest, uniquePhone, type TestApp } from './helpers';
import { callSummary, refusedCalls, rolePolicy, unusedGrants, type RecordedCall } from './iam/recorder';
import type { callRecorder } from './iam/recorder';

/**
 * The IAM replay of the client-link function (handlers/client-link.ts): every
 * DynamoDB call of a client's share link (the quote it shows, an approval that
 * makes the customer, project and Advance demand, or finds the lead's customer
 * or the quote's project, a request for changes, and the refusals) is checked
 * against its role as synthesized (infra/client-link-role-policy.json). The
 * quotes are made through staff routes, on the admin function.
 */

const policy = rolePolicy('clientLink');
let app: TestApp;
let db: Db;
let calls: RecordedCall[];
let served: ReturnType<typeof callRecorder>['served'];
let cookie: string;

beforeAll(async () => {
  const made = await createTestApp();
  ({ app, db } = made);
  ({ calls, served } = made.replay);
  ({ cookie } = await signedInStaff(app, db, 'admin'));
});

/** A quote made and sent by staff: its share token. */
async function sentQuote(extra: { leadId?: string; customerId?: string; projectId?: string; quotationDate?: string; validUntil?: string } = {}) {
  const created = await staffRequest(app, '/api/quotations', cookie, {
    method: 'POST',
    body: { ...extra, clientDetails: { name: 'Meera Nair', phone: uniquePhone('9'), projectType: '3BHK' }, rows: [{ usageArea: 'Kitchen', item: 'Base cabinets', unit: 'QTY', quantity: 2, unitPrice: 18_500 }] },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const quote = await json<Quotation>(created);
  const sent = await staffRequest(app, `/api/quotations/${quote.id}/send`, cookie, { method: 'POST', body: { version: quote.version, confirmLowMargin: true } });
  expect(sent.status).toBe(200);
  return { quote, token: (await json<QuotationSendResult>(sent)).sharePath.slice('/q/'.length) };
}

/** The client's answer from the link's page: the version it shows goes back with it (as the page sends it). */
const answer = async (token: string, what: 'approve' | 'request-changes') => {
  const shown = await app.request(`/api/quote-links/${token}`);
  const version = shown.ok ? (await json<Quotation>(shown)).version : 1;
  return postJson(app, `/api/quote-links/${token}/${what}`, { name: 'Meera Nair', comment: 'Looks good', version });
};

describe("a client's share link", () => {
  it('shows the quote, and refuses an unknown or expired link', async () => {
    const { token } = await sentQuote();
    expect((await app.request(`/api/quote-links/${token}`)).status).toBe(200);
    expect((await app.request(`/api/quote-links/${'A'.repeat(43)}`)).status).toBe(404);
    const { token: expired } = await sentQuote({ quotationDate: '2025-01-01', validUntil: '2025-01-31' });
    expect((await app.request(`/api/quote-links/${expired}`)).status).toBe(410);
    expect((await answer(expired, 'approve')).status).toBe(410);
  });

  it("approves a quote: a new client's customer and project, a lead's, an existing customer's, an existing project's", async () => {
    const fresh = await sentQuote();
    expect((await answer(fresh.token, 'approve')).status).toBe(200);
    expect((await answer(fresh.token, 'approve')).status).toBe(409);

    const lead = await json<{ id: string }>(
      staffRequest(app, '/api/leads', cookie, { method: 'POST', body: { name: 'Anita Rao', phone: uniquePhone('8'), source: 'Website', projectType: '3BHK' } }),
    );
    const ofLead = await sentQuote({ leadId: lead.id });
    expect((await answer(ofLead.token, 'approve')).status).toBe(200);
    // The lead is converted now: its next quote's approval finds the customer.
    const again = await sentQuote({ leadId: lead.id });
    expect((await answer(again.token, 'approve')).status).toBe(200);

    // Made by the test itself (not recorded): a customer with a project, which the quote names.
    const ctx = systemContext(new Date().toISOString(), 'iam-replay');
    const customer = await createCustomer(db, { ...customerInput, phone: uniquePhone() }, ctx);
    const made = await createProject(db, { ...projectInput(customer.id), name: 'Nair residence' }, ctx);
    if (!('project' in made)) throw new Error('project not created');
    const ofProject = await sentQuote({ customerId: customer.id, projectId: made.project.id });
    expect((await answer(ofProject.token, 'approve')).status).toBe(200);

    // A variation of the first, approved through the same link: the budget moves, and the pending Advance with it (issue 25).
    const approved = await json<Quotation>(staffRequest(app, `/api/quotations/${fresh.quote.id}`, cookie));
    const varied = await json<Quotation>(staffRequest(app, `/api/quotations/${fresh.quote.id}/variation`, cookie, { method: 'POST', body: { version: approved.version } }));
    const { id: _id, quotationNumber: _n, ...fields } = varied;
    const rows = [{ usageArea: 'Kitchen', item: 'Base cabinets', unit: 'QTY', quantity: 3, unitPrice: 18_500 }];
    const edited = await json<Quotation>(staffRequest(app, `/api/quotations/${fresh.quote.id}`, cookie, { method: 'PUT', body: { ...fields, rows } }));
    const resent = await staffRequest(app, `/api/quotations/${fresh.quote.id}/send`, cookie, { method: 'POST', body: { version: edited.version, confirmLowMargin: true } });
    expect(resent.status, await resent.clone().text()).toBe(200);
    expect((await answer(fresh.token, 'approve')).status).toBe(200);
  });

  it('takes a request for changes, and refuses an answer to a quote pulled back to draft', async () => {
    const { token } = await sentQuote();
    expect((await answer(token, 'request-changes')).status).toBe(200);
    const { quote, token: pulled } = await sentQuote();
    const current = await json<Quotation>(staffRequest(app, `/api/quotations/${quote.id}`, cookie));
    const { id: _id, quotationNumber: _n, ...fields } = current;
    const draft = await staffRequest(app, `/api/quotations/${quote.id}`, cookie, { method: 'PUT', body: { ...fields, status: 'draft' } });
    expect(draft.status, await draft.clone().text()).toBe(200);
    expect((await answer(pulled, 'approve')).status).toBe(409);
    expect((await answer(pulled, 'request-changes')).status).toBe(409);
  });
});

describe('the client-link function role', () => {
  it('allows every DynamoDB call its routes made, and each partition it grants was used', () => {
    const linkRoutes = declaredRoutes().declared.filter((route) => route.lambda === 'clientLink').map(routeKey);
    expect([...(served.get('clientLink') ?? [])].sort()).toEqual(linkRoutes.sort());
    const refused = refusedCalls(calls, 'clientLink', policy);
    console.log(
      `IAM replay: ${calls.filter((call) => call.fn === 'clientLink').length} DynamoDB calls of ${linkRoutes.length} client-link routes checked against ` +
        `the client-link role: ${callSummary(calls, 'clientLink')}; ${refused.length} refused`,
    );
    expect(refused, 'DynamoDB calls the client-link function role would refuse in AWS').toEqual([]);
    expect(unusedGrants(calls, 'clientLink', policy), 'partitions the client-link role grants that no call needed').toEqual([]);
    expect(refusedCalls(calls, 'admin')).toEqual([]);
  });
});
