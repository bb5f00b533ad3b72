import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Lead, LeadAnalytics, LeadDetail, NotSpamResult, SpamSubmission } from '@app/shared-types/leads';
import type { Page } from '@app/shared-types/api';
import type { Db } from '../src/db/client';
import { keys } from '../src/db/keys';
import { findLeadIdByPhone } from '../src/leads/lead-repo';
import { createStaffApp, formTokenOf, json, postForm, staffRequest, uniquePhone, validContact, validEstimate, type TestApp } from './helpers';

let app: TestApp;
let db: Db;
let employee: string;
let manager: string;

beforeAll(async () => {
  const { staff, ...test } = await createStaffApp('employee', 'manager');
  ({ app, db } = test);
  [employee, manager] = [staff('employee').cookie, staff('manager').cookie];
});

const spamPage = (cookie: string, query = '') => staffRequest(app, `/api/leads/spam${query}`, cookie);
const analytics = () => json<LeadAnalytics>(staffRequest(app, '/api/leads/analytics', manager));

async function auditOf(leadId: string) {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({ TableName: db.table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.auditEntry(leadId, '').pk } }),
  );
  return Items;
}

describe('the Spam view (issue 25, broken 4)', () => {
  it('a calculator filled within 3 s lands in Spam, not dropped; Not spam makes the lead, counted and audited', async () => {
    const phone = uniquePhone();
    const before = await analytics();
    // A real visitor quick with autofill: the server measured 1.2 s since the form was shown.
    const sent = await postForm(app, '/api/calculator', { ...validEstimate, phone, name: 'Quick Visitor', formToken: formTokenOf(app, 1_200) });
    expect(sent.status).toBe(201);
    expect(await findLeadIdByPhone(db, phone, true)).toBeUndefined();

    const listed = await json<Page<SpamSubmission>>(spamPage(manager));
    const spam = listed.items.find((item) => item.phone === phone);
    expect(spam).toMatchObject({ form: 'estimate', name: 'Quick Visitor', reason: 'too fast' });
    expect(spam?.elapsedMs).toBeGreaterThanOrEqual(1_200);
    expect(spam?.elapsedMs).toBeLessThan(3_000);
    expect(spam?.summary).toContain('Cost calculator: 3 BHK');
    // Not in the normal list or its counts.
    const leads = await json<Page<Lead>>(staffRequest(app, `/api/leads?q=${encodeURIComponent('Quick Visitor')}`, manager));
    expect(leads.items.filter((lead) => lead.phone === phone)).toEqual([]);
    expect((await analytics()).totalLeads).toBe(before.totalLeads);

    const kept = await staffRequest(app, `/api/leads/spam/estimate/${spam?.id}/not-spam`, manager, { method: 'POST', body: {} });
    expect(kept.status, await kept.clone().text()).toBe(200);
    const { leadId, created } = await json<NotSpamResult>(kept);
    expect(created).toBe(true);
    expect(await findLeadIdByPhone(db, phone, true)).toBe(leadId);

    const detail = await json<LeadDetail>(staffRequest(app, `/api/leads/${leadId}`, manager));
    expect(detail.lead).toMatchObject({ name: 'Quick Visitor', source: 'Website', status: 'New', lastContactedAt: null });
    expect(detail.lead.budget).toBeGreaterThan(0);
    expect(detail.timeline.some((entry) => entry.type === 'form_submission' && entry.content.includes('marked not spam by Test manager'))).toBe(true);
    const after = await analytics();
    expect(after.totalLeads).toBe(before.totalLeads + 1);
    expect(after.newLeads).toBe(before.newLeads + 1);
    // One audit entry of the creation, saying it came out of Spam and who let it through.
    const audit = await auditOf(leadId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', actor: { name: 'Test manager' }, changes: { spam: { before: 'too fast', after: 'Not spam' } } });

    // Out of Spam; a second 'Not spam' is refused and makes no second lead.
    expect((await json<Page<SpamSubmission>>(spamPage(manager))).items.some((item) => item.id === spam?.id)).toBe(false);
    const again = await staffRequest(app, `/api/leads/spam/estimate/${spam?.id}/not-spam`, manager, { method: 'POST', body: {} });
    expect(again.status).toBe(409);
    expect((await analytics()).totalLeads).toBe(before.totalLeads + 1);
  });

  it('a contact form sent too fast joins the lead with its phone when marked not spam', async () => {
    const phone = uniquePhone();
    expect((await postForm(app, '/api/contact', { ...validContact, phone })).status).toBe(201);
    const leadId = await findLeadIdByPhone(db, phone, true);
    expect((await postForm(app, '/api/contact', { ...validContact, phone, message: 'Autofilled again', formToken: formTokenOf(app, 500) })).status).toBe(201);
    const spam = (await json<Page<SpamSubmission>>(spamPage(manager))).items.find((item) => item.phone === phone);
    expect(spam).toMatchObject({ form: 'contact', reason: 'too fast' });
    const result = await json<NotSpamResult>(staffRequest(app, `/api/leads/spam/contact/${spam?.id}/not-spam`, manager, { method: 'POST', body: {} }));
    expect(result).toEqual({ leadId, created: false });
    const detail = await json<LeadDetail>(staffRequest(app, `/api/leads/${leadId}`, manager));
    expect(detail.timeline.filter((entry) => entry.type === 'form_submission')).toHaveLength(2);
    // Enquiring again is not being contacted.
    expect(detail.lead.lastContactedAt).toBeNull();
    expect(detail.lead.lastEnquiryAt).toEqual(expect.any(String));
    expect((await auditOf(leadId ?? '')).some((entry) => entry.action === 'update' && entry.changes?.spam?.after === 'Not spam')).toBe(true);
  });

  it('pages newest first across both forms, the cursor carrying on where the page ended', async () => {
    const phones = [uniquePhone(), uniquePhone(), uniquePhone()];
    for (const phone of phones) await postForm(app, '/api/calculator', { ...validEstimate, phone, website: 'http://spam.example' });
    const first = await json<Page<SpamSubmission>>(spamPage(manager, '?limit=2'));
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toBeDefined();
    const second = await json<Page<SpamSubmission>>(spamPage(manager, `?limit=2&cursor=${encodeURIComponent(first.nextCursor ?? '')}`));
    const seen = [...first.items, ...second.items].map((item) => item.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(first.items[0]).toMatchObject({ phone: phones[2], reason: 'honeypot' });
    expect((await spamPage(manager, '?cursor=nonsense')).status).toBe(400);
  });

  it('an employee may neither see Spam nor let it through (403)', async () => {
    expect((await spamPage(employee)).status).toBe(403);
    const phone = uniquePhone();
    await postForm(app, '/api/calculator', { ...validEstimate, phone, formToken: formTokenOf(app, 800) });
    const spam = (await json<Page<SpamSubmission>>(spamPage(manager))).items.find((item) => item.phone === phone);
    const refused = await staffRequest(app, `/api/leads/spam/estimate/${spam?.id}/not-spam`, employee, { method: 'POST', body: {} });
    expect(refused.status).toBe(403);
    expect(await findLeadIdByPhone(db, phone, true)).toBeUndefined();
    expect((await staffRequest(app, '/api/leads/spam/estimate/not-a-real-one/not-spam', manager, { method: 'POST', body: {} })).status).toBe(404);
    expect((await staffRequest(app, '/api/leads/spam/other/abc/not-spam', manager, { method: 'POST', body: {} })).status).toBe(404);
  });
});
