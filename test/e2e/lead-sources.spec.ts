import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { CAMPAIGN_CSV_COLUMNS, campaignCsvCells, monthOf, type CampaignReport } from '@app/shared-types/attribution';
import { MATERIAL_LABELS, ROOM_SCOPE_LABELS } from '@app/shared-types/constants';
import { csvLine } from '@app/shared-types/finance';
import { formatINR } from '@app/shared-types/format';
import type { IntegrationAnswer } from '@app/shared-types/integrations';
import { PACKAGE_RULE_MESSAGES } from '@app/shared-types/package-rules';
import { choose, expect, test } from './fixtures';
import { seeToast, signIn } from './portal';

/**
 * Issue 26 in real Chromium: Settings > Integrations (secrets sealed, webhook
 * URL copied, 'Send test event' through the real webhook path), Leads CRM >
 * Campaigns (spend, cost per lead, ROI, CSV export) and Rate library >
 * Package rules (a quantity kept, a rule far out of step flagged).
 */

test.describe.configure({ mode: 'serial' });

const integrations = async (page: Page) => {
  const response = await page.request.get('/api/integrations');
  expect(response.status()).toBe(200);
  return (await response.json()) as IntegrationAnswer[];
};
const healthOf = async (page: Page, platform: IntegrationAnswer['platform']) =>
  (await integrations(page)).find((entry) => entry.platform === platform)?.health;

test('Settings > Integrations: secrets kept sealed, webhook URL copied, test events accepted and their leads in Leads', async ({ page, context, baseURL }) => {
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL ?? '').origin });
  await signIn(page);
  await page.goto('/admin/settings?tab=integrations');

  // Google Ads: on, with a google_key; the key is answered as set, never shown back.
  const google = page.getByTestId('integration-google');
  await google.getByRole('switch').click();
  await seeToast(page, 'Google Ads lead forms saved', '');
  await expect(google.getByRole('switch')).toBeChecked();
  await google.getByLabel('google_key').fill('e2e-google-key-26');
  await google.getByRole('button', { name: 'Save' }).click();
  await seeToast(page, 'Google Ads lead forms saved', '');
  await expect(google.getByText('Set: leave blank to keep it')).toBeVisible();
  await expect(google.getByLabel('google_key')).toHaveValue('');
  const answered = JSON.stringify(await integrations(page));
  expect(answered).not.toContain('e2e-google-key-26');

  // The webhook URL's copy button puts it on the clipboard.
  await google.getByRole('button', { name: 'Copy webhook url' }).click();
  await seeToast(page, 'Webhook URL copied', '');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(baseURL ?? '').origin}/api/webhooks/google-ads`);

  // 'Send test event': accepted, the health's accepted count one up, the test lead in Leads.
  const googleBefore = (await healthOf(page, 'google'))?.accepted ?? 0;
  await google.getByRole('button', { name: 'Send test event' }).click();
  await seeToast(page, 'Test event accepted', '');
  await expect.poll(async () => (await healthOf(page, 'google'))?.accepted).toBe(googleBefore + 1);
  await page.reload();
  await expect(page.getByTestId('integration-google').getByText(`Accepted: ${googleBefore + 1}`)).toBeVisible();

  // Meta: app secret and token saved, its test event accepted the same way.
  const meta = page.getByTestId('integration-meta');
  await meta.getByRole('switch').click();
  await seeToast(page, 'Meta (Facebook and Instagram lead ads) saved', '');
  await meta.getByLabel('App secret').fill('e2e-meta-app-secret');
  await meta.getByLabel('Access token').fill('e2e-meta-token');
  await meta.getByRole('button', { name: 'Save' }).click();
  await seeToast(page, 'Meta (Facebook and Instagram lead ads) saved', '');
  await expect(meta.getByText('Set: leave blank to keep it')).toHaveCount(2);
  expect(JSON.stringify(await integrations(page))).not.toMatch(/e2e-meta-app-secret|e2e-meta-token/);
  const metaBefore = (await healthOf(page, 'meta'))?.accepted ?? 0;
  await meta.getByRole('button', { name: 'Send test event' }).click();
  await seeToast(page, 'Test event accepted', '');
  await expect.poll(async () => (await healthOf(page, 'meta'))?.accepted).toBe(metaBefore + 1);

  // Both test leads reach Leads, marked as tests.
  await page.goto('/admin/leads');
  await expect(page.getByText('Test lead (Google Ads)').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Test lead (Meta)').first()).toBeVisible({ timeout: 15_000 });
  await page.getByText('Test lead (Google Ads)').first().click();
  await expect(page.getByRole('region', { name: 'Where the lead came from' }).getByText('Test lead', { exact: true })).toBeVisible();
});

test('Leads CRM > Campaigns: spend entered in the dialog gives cost per lead and ROI, and the CSV export is right', async ({ page }) => {
  test.slow();
  await signIn(page);
  const month = monthOf(new Date().toISOString());
  const report = async () => {
    const response = await page.request.get(`/api/campaigns?from=${month}&to=${month}`);
    expect(response.status()).toBe(200);
    return (await response.json()) as CampaignReport;
  };
  // A row of this month (the integrations test's leads make one if no other spec has yet).
  const before = await report();
  const picked = before.rows.find((row) => row.campaign !== '') ?? before.rows[0];
  expect(picked, 'a campaign row this month').toBeDefined();
  const { source, campaign } = picked ?? { source: '', campaign: '' };
  const spend = 10_000 + Math.floor(Math.random() * 80_000);

  await page.goto('/admin/leads?view=campaigns');
  await page.getByRole('button', { name: `Spend for ${source} / ${campaign}` }).click();
  const dialog = page.getByRole('dialog', { name: `Spend: ${source} / ${campaign}` });
  await expect(dialog.getByLabel('Month')).toHaveValue(month);
  await dialog.getByLabel('Spend (₹)').fill(String(spend));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await seeToast(page, `Spend saved for ${campaign}, ${month}`, '');
  await expect(dialog).toBeHidden();

  // The row's figures as the formulas say: cost per lead = spend / leads (whole rupees),
  // ROI = (won value − spend) / spend (two decimals, shown as a whole percent).
  const after = (await report()).rows.find((row) => row.source === source && row.campaign === campaign);
  expect(after?.spend).toBe(spend);
  const leads = after?.leads ?? 0;
  const wonValue = after?.wonValue ?? 0;
  const costPerLead = Math.round(spend / leads);
  const roi = Math.round(((wonValue - spend) / spend) * 100) / 100;
  expect(after?.costPerLead).toBe(costPerLead);
  expect(after?.roi).toBe(roi);
  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Spend for ${source} / ${campaign}` }) });
  const cells = row.getByRole('cell');
  await expect(cells.nth(7)).toHaveText(formatINR(spend));
  await expect(cells.nth(8)).toHaveText(formatINR(costPerLead));
  await expect(cells.nth(10)).toHaveText(`${(roi * 100).toFixed(0)}%`);

  // Export CSV: the header row and this campaign's row.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`campaigns-${month}-to-${month}.csv`);
  const csv = (await readFile((await file.path()) ?? '', 'utf8')).split('\r\n');
  expect(csv[0]).toBe(csvLine(CAMPAIGN_CSV_COLUMNS));
  const line = csv.find((entry) => entry.startsWith(`${csvLine([source, campaign])},`));
  expect(line).toBe(csvLine(campaignCsvCells(after ?? picked!)));
});

test('Rate library > Package rules: a quantity saved is kept, and a rule far out of step is flagged', async ({ page }) => {
  test.slow();
  await signIn(page);
  await page.goto('/admin/quotations?tab=rates');
  await page.getByRole('tab', { name: 'Package rules' }).click();
  const rules = page.getByRole('region', { name: 'Package rules' });
  const pickRule = async () => {
    await choose(page, 'Property type', 'Office', rules);
    await choose(page, 'Material', MATERIAL_LABELS.basic, rules);
    await choose(page, 'Rooms', ROOM_SCOPE_LABELS.kitchen, rules);
  };
  await pickRule();
  const quantity = rules.getByLabel('Quantity').first();
  const original = await quantity.inputValue();
  const edited = String(Math.round((Number(original) + 0.01) * 10_000) / 10_000);
  await quantity.fill(edited);
  await rules.getByRole('button', { name: 'Save rule' }).click();
  await expect(page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: 'Rule saved' })).toBeVisible();

  await page.reload();
  await page.getByRole('tab', { name: 'Package rules' }).click();
  await pickRule();
  await expect(rules.getByLabel('Quantity').first()).toHaveValue(edited);

  // Pushed far out of step: the draft would cost many times the calculator's range.
  await rules.getByLabel('Quantity').first().fill('50');
  await rules.getByRole('button', { name: 'Save rule' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Rule saved' })).toContainText(PACKAGE_RULE_MESSAGES.outOfStep);
  await expect(rules.getByText(PACKAGE_RULE_MESSAGES.outOfStep, { exact: true }).first()).toBeVisible();

  // Put back as it was, for the other journeys' calculator leads.
  await rules.getByLabel('Quantity').first().fill(original);
  await rules.getByRole('button', { name: 'Save rule' }).click();
  await expect(rules.getByLabel('Quantity').first()).toHaveValue(original);
});
