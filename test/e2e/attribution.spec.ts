import type { CampaignReport } from '@app/shared-types/attribution';
import { monthOf } from '@app/shared-types/attribution';
import { formatINR } from '@app/shared-types/format';
import type { Quotation, QuotationSendResult } from '@app/shared-types/quotations';
import { findLeadIdByPhone, getLead } from '@app/functions/leads/lead-repo';
import { choose, e2eDb, expect, takeAPersonsTime, test } from './fixtures';
import { signIn } from './portal';

/**
 * Issue 26, acceptance 3: a visit from a campaign link keeps its touch in the
 * browser while the visitor browses, the calculator sends it, the lead has
 * it, Leads CRM > Campaigns counts the lead, and once its quote is approved
 * the report shows the won value.
 */

const LANDING = '/?utm_source=google&utm_medium=cpc&utm_campaign=diwali&gclid=TeSt123';
const uniquePhone = () => `9${Math.floor(100_000_000 + Math.random() * 899_999_999)}`;

test('a campaign visit reaches the lead and the Campaigns report, with its won value once the quote is approved', async ({ page, request, baseURL }) => {
  test.slow();
  const db = e2eDb();
  const phone = uniquePhone();
  const origin = new URL(baseURL ?? 'http://localhost').origin;

  // Landing from the ad, then two pages of the site, then the calculator.
  await page.goto(LANDING);
  await page.getByRole('banner').getByRole('link', { name: 'Services', exact: true }).first().click();
  await expect(page).toHaveURL(/\/services$/);
  await page.getByRole('banner').getByRole('link', { name: 'Blog', exact: true }).first().click();
  await expect(page).toHaveURL(/\/blog$/);
  await page.goto('/calculator');
  await choose(page, 'Property Type', '3 BHK');
  await page.getByLabel('Carpet Area (sq ft)').fill('1450');
  await choose(page, 'Material Preference', /Premium/);
  await choose(page, 'Rooms to Design', 'Partial (2-3 rooms)');
  await page.getByLabel('Full Name').fill('Diwali Visitor');
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByLabel('City').fill('Hyderabad');
  await takeAPersonsTime(page);
  await page.getByRole('button', { name: 'Get My Quote & Schedule Consultation' }).click();
  await expect(page.getByText('Request Submitted')).toBeVisible();

  // The lead has the touch: the last in its fields, the first (the same visit) under firstTouch.
  const leadId = await findLeadIdByPhone(db, phone, true);
  expect(leadId).toBeDefined();
  const lead = await getLead(db, leadId ?? '', true);
  const touch = { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'diwali', gclid: 'TeSt123', landingPage: LANDING };
  expect(lead).toMatchObject({ ...touch, campaignSource: 'google', campaign: 'diwali' });
  expect(lead?.firstTouch).toMatchObject(touch);
  const month = monthOf(lead?.createdAt ?? '');

  // The portal: the drawer says where the lead came from; Campaigns counts it.
  await signIn(page);
  const report = async () => {
    const response = await page.request.get(`/api/campaigns?from=${month}&to=${month}`);
    expect(response.status()).toBe(200);
    const body = (await response.json()) as CampaignReport;
    return body.rows.find((row) => row.source === 'google' && row.campaign === 'diwali');
  };
  const counted = await report();
  expect(counted?.leads).toBeGreaterThanOrEqual(1);

  await page.goto(`/admin/leads?lead=${leadId}`);
  const origin_ = page.getByRole('region', { name: 'Where the lead came from' });
  await expect(origin_.getByText('google / diwali')).toBeVisible();
  await expect(origin_.getByText('TeSt123', { exact: true })).toBeVisible();

  await page.goto('/admin/leads?view=campaigns');
  const table = page.getByRole('table', { name: 'Campaign ROI' });
  const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'diwali', exact: true }) }).filter({ has: page.getByRole('cell', { name: 'google', exact: true }) });
  await expect(row.getByRole('cell').nth(2)).toHaveText(String(counted?.leads));

  // A quote for the lead, sent and approved by the client: the row's won value grows by its grand total.
  const headers = { origin, 'content-type': 'application/json' };
  const body = { leadId, clientDetails: { name: 'Diwali Visitor', phone, projectType: '3BHK' }, rows: [{ usageArea: 'Living', item: 'TV Unit', unit: 'QTY', quantity: 1, unitPrice: 1_250_000 }], notes: '' };
  const created = (await (await page.request.post('/api/quotations', { data: body, headers })).json()) as Quotation;
  const sentResponse = await page.request.post(`/api/quotations/${created.id}/send`, { data: { version: created.version, confirmLowMargin: true }, headers });
  expect(sentResponse.status()).toBe(200);
  const sent = (await sentResponse.json()) as QuotationSendResult;
  const approved = await request.post(`/api/quote-links/${sent.sharePath.slice(3)}/approve`, {
    data: { name: 'Diwali Visitor', comment: '', version: sent.quotation.version },
    headers,
  });
  expect(approved.status()).toBe(200);
  const won = await report();
  expect(won?.wonValue).toBe((counted?.wonValue ?? 0) + sent.quotation.grandTotal);
  expect(won?.won).toBe((counted?.won ?? 0) + 1);

  await page.reload();
  await expect(row.getByRole('cell').nth(6)).toHaveText(formatINR(won?.wonValue ?? 0));
});
