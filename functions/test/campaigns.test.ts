import { beforeAll, describe, expect, it } from 'vitest';
import { monthOf, type CampaignReport, type CampaignRow, type CampaignTouch } from '@app/shared-types/attribution';
import type { Lead } from '@app/shared-types/leads';
import type { Quotation, QuotationSendResult } from '@app/shared-types/quotations';
import type { Page } from '@app/shared-types/api';
import type { Db } from '../src/db/client';
import { findLeadIdByPhone, getLead } from '../src/leads/lead-repo';
import { getSettings, saveSettings } from '../src/settings/settings-repo';
import { systemContext } from '../src/db/entity';
import { createStaffApp, json, newVisitorIp, postForm, staffRequest, TEST_IP_HEADER, TEST_ORIGIN, uniquePhone, validContact, validEstimate, type TestApp } from './helpers';

/**
 * Issue 26, attribution: the website's touches on the lead, and Leads CRM >
 * Campaigns kept by the lead writes (created, contacted, quoted, won and its
 * value), the spend managers enter, the CSV, and the first/last touch setting.
 */

let app: TestApp;
let db: Db;
let employee: string;
let manager: string;
let admin: string;

beforeAll(async () => {
  const test = await createStaffApp('employee', 'manager', 'admin');
  ({ app, db } = test);
  [employee, manager, admin] = [test.staff('employee').cookie, test.staff('manager').cookie, test.staff('admin').cookie];
});

const touch = (fields: Record<string, string> = {}) => ({
  utmSource: 'google',
  utmMedium: 'cpc',
  utmCampaign: 'diwali',
  utmTerm: '',
  utmContent: '',
  gclid: 'TeSt123',
  fbclid: '',
  landingPage: '/?utm_source=google&utm_medium=cpc&utm_campaign=diwali&gclid=TeSt123',
  referrer: 'https://www.google.com/',
  ...fields,
});

async function calculatorLead(attribution: unknown, phone = uniquePhone()): Promise<Lead> {
  const response = await postForm(app, '/api/calculator', { ...validEstimate, phone, attribution });
  expect(response.status).toBe(201);
  const lead = await getLead(db, (await findLeadIdByPhone(db, phone, true)) ?? '', true);
  if (!lead) throw new Error('no lead');
  return lead;
}

async function report(month: string): Promise<CampaignReport> {
  const response = await staffRequest(app, `/api/campaigns?from=${month}&to=${month}`, employee);
  expect(response.status).toBe(200);
  return json<CampaignReport>(response);
}
async function setCampaignTouch(campaignTouch: CampaignTouch) {
  const { version, company, email, notifications, security, business, system } = await getSettings(db);
  const { smtpPasswordSet: _set, ...kept } = email;
  const result = await saveSettings(db, undefined, { version, company, email: kept, notifications, security, business: { ...business, campaignTouch }, system }, systemContext(new Date().toISOString()));
  expect(result).not.toHaveProperty('stale');
}
const rowOf = (rows: CampaignRow[], source: string, campaign: string) => rows.find((row) => row.source === source && row.campaign === campaign);

describe('the website forms keep the visit on the lead', () => {
  it('stores the last touch in the utm fields and the first under firstTouch, counting the lead under the last touch', async () => {
    const campaign = `diwali-${uniquePhone()}`;
    const first = touch({ utmSource: 'facebook', utmMedium: 'paid', utmCampaign: `first-${campaign}`, gclid: '', fbclid: 'FbId9' });
    const lead = await calculatorLead({ first, last: touch({ utmCampaign: campaign }) });
    expect(lead).toMatchObject({ utmSource: 'google', utmMedium: 'cpc', utmCampaign: campaign, gclid: 'TeSt123', referrer: 'https://www.google.com/', campaignSource: 'google', campaign });
    expect(lead.landingPage).toContain('utm_campaign=diwali');
    expect(lead.firstTouch).toMatchObject({ utmSource: 'facebook', fbclid: 'FbId9', utmCampaign: `first-${campaign}` });
  });

  it('cuts over-long values and refuses what is not text or a prototype key with 400', async () => {
    const lead = await calculatorLead({ first: null, last: touch({ utmCampaign: 'x'.repeat(1000), referrer: 'r'.repeat(2000) }) });
    expect(lead.utmCampaign).toHaveLength(150);
    expect(lead.referrer).toHaveLength(500);

    const wrongType = await postForm(app, '/api/calculator', { ...validEstimate, phone: uniquePhone(), attribution: { last: { utmSource: ['a'] } } });
    expect(wrongType.status).toBe(400);
    expect((await json<{ fields: Record<string, string> }>(wrongType)).fields).toHaveProperty(['attribution.last.utmSource']);
    const control = await postForm(app, '/api/calculator', { ...validEstimate, phone: uniquePhone(), attribution: { last: { utmSource: 'a\u0000b' } } });
    expect(control.status).toBe(400);
    const phone = uniquePhone();
    const proto = await postForm(app, '/api/calculator', JSON.parse(`{"bhk":"3bhk","area":1450,"material":"premium","rooms":"all","name":"A B","phone":"${phone}","city":"Pune","attribution":{"last":{"__proto__":{"utmSource":"x"}}}}`));
    expect(proto.status).toBe(400);
    expect(await findLeadIdByPhone(db, phone, true)).toBeUndefined();
  });

  it('a contact form lead without any touch counts under Website without a campaign', async () => {
    const phone = uniquePhone();
    expect((await postForm(app, '/api/contact', { ...validContact, phone })).status).toBe(201);
    const lead = await getLead(db, (await findLeadIdByPhone(db, phone, true)) ?? '', true);
    expect(lead).toMatchObject({ campaignSource: 'Website', campaign: '', utmSource: '', firstTouch: null });
  });

  it('with Settings > Business > Campaign Attribution on first touch, the first touch is the campaign', async () => {
    await setCampaignTouch('first');
    try {
      const campaign = `spring-${uniquePhone()}`;
      const lead = await calculatorLead({ first: touch({ utmSource: 'facebook', utmCampaign: campaign }), last: touch() });
      expect(lead).toMatchObject({ utmCampaign: 'diwali', campaignSource: 'facebook', campaign });
    } finally {
      await setCampaignTouch('last');
    }
  });
});

describe('Leads CRM > Campaigns', () => {
  it('counts leads, contacted, quoted and won with the approved quote as won value, from the writes', async () => {
    const campaign = `roi-${uniquePhone()}`;
    const a = await calculatorLead({ first: null, last: touch({ utmCampaign: campaign }) });
    const b = await calculatorLead({ first: null, last: touch({ utmCampaign: campaign }) });
    const month = monthOf(a.createdAt);
    expect(rowOf((await report(month)).rows, 'google', campaign)).toMatchObject({ leads: 2, contacted: 0, quoted: 0, won: 0, wonValue: 0, spend: 0, roi: null });

    // b is followed up: contacted.
    expect((await staffRequest(app, `/api/leads/${b.id}`, employee, { method: 'PUT', body: { version: b.version, status: 'Follow-up' } })).status).toBe(200);
    // a gets a quote, sent (quoted) and approved by the client (won, its grand total).
    const body = { leadId: a.id, clientDetails: { name: a.name, phone: a.phone, projectType: '3BHK' }, rows: [{ usageArea: 'Living', item: 'TV Unit', unit: 'QTY', quantity: 2, unitPrice: 150000 }], notes: '' };
    const created = await json<Quotation>(staffRequest(app, '/api/quotations', employee, { method: 'POST', body }));
    const sent = await json<QuotationSendResult>(staffRequest(app, `/api/quotations/${created.id}/send`, employee, { method: 'POST', body: { version: created.version, confirmLowMargin: true } }));
    const quoted = await getLead(db, a.id, true);
    expect(quoted?.status).toBe('Quoted');
    expect(rowOf((await report(month)).rows, 'google', campaign)).toMatchObject({ leads: 2, contacted: 2, quoted: 1, won: 0 });

    const approved = await app.request(`/api/quote-links/${sent.sharePath.slice(3)}/approve`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, [TEST_IP_HEADER]: newVisitorIp(), 'content-type': 'application/json' },
      body: JSON.stringify({ name: a.name, comment: '', version: sent.quotation.version }),
    });
    expect(approved.status).toBe(200);
    const row = rowOf((await report(month)).rows, 'google', campaign);
    expect(row).toMatchObject({ leads: 2, contacted: 2, quoted: 1, won: 1, wonValue: sent.quotation.grandTotal });
    expect(sent.quotation.grandTotal).toBeGreaterThan(0);

    // Spend: managers and up; the report works out cost per lead, per won project and ROI.
    const spend = { month, source: 'google', campaign, amount: 100000 };
    expect((await staffRequest(app, '/api/campaigns/spend', employee, { method: 'PUT', body: spend })).status).toBe(403);
    expect((await staffRequest(app, '/api/campaigns/spend', manager, { method: 'PUT', body: { ...spend, amount: -1 } })).status).toBe(400);
    expect((await staffRequest(app, '/api/campaigns/spend', manager, { method: 'PUT', body: spend })).status).toBe(200);
    const withSpend = rowOf((await report(month)).rows, 'google', campaign);
    expect(withSpend).toMatchObject({ spend: 100000, costPerLead: 50000, costPerWon: 100000, roi: Math.round(((sent.quotation.grandTotal - 100000) / 100000) * 100) / 100 });
    const audit = await json<Page<{ entity: string; changes: Record<string, { before: unknown; after: unknown }> }>>(staffRequest(app, '/api/audit-log?entity=CampaignSpend', admin));
    expect(audit.items[0]?.changes.amount).toEqual({ before: null, after: 100000 });

    // The CSV has the row.
    const csv = await staffRequest(app, `/api/campaigns/export?from=${month}&to=${month}`, employee);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe('Source,Campaign,Leads,Contacted,Quoted,Won,Won value,Spend,Cost per lead,Cost per won project,ROI');
    expect(text).toContain(`google,${campaign},2,2,1,1,${sent.quotation.grandTotal},100000,50000,100000,`);

    // The leads list filters by campaign.
    const listed = await json<Page<Lead>>(staffRequest(app, `/api/leads?campaign=${campaign}&limit=100`, employee));
    expect(listed.items.map((lead) => lead.id).sort()).toEqual([a.id, b.id].sort());
  });

  it('refuses a bad month range with 400', async () => {
    expect((await staffRequest(app, '/api/campaigns?from=2026-13&to=2026-12', employee)).status).toBe(400);
    expect((await staffRequest(app, '/api/campaigns?from=2026-11&to=2026-10', employee)).status).toBe(400);
    expect((await staffRequest(app, '/api/campaigns?from=2020-01&to=2026-10', employee)).status).toBe(400);
  });
});
