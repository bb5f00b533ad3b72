import { SETTINGS_MESSAGES, type SettingsAnswer } from '@app/shared-types/settings';
import type { ResponseOverdue } from '@app/shared-types/speed-to-lead';
import { choose, expect, test } from './fixtures';
import { signIn, toast, unique } from './portal';

/**
 * Speed-to-lead (issue 26) in the portal: Settings > Business's first response
 * time and an assignment rule, saved; a new lead; the dashboard's 'Response
 * overdue' card (the server's count, linking to the list with the filter on);
 * Leads CRM > Response times. The rule names a city no other journey's lead
 * has, and is taken out again, so other journeys' leads are assigned as before.
 */
test('a manager sets the first response time and a rule, then sees the overdue card and the response times', async ({ page, baseURL }) => {
  const headers = { origin: new URL(baseURL ?? '').origin };
  const { tag, phone } = unique();
  await signIn(page);

  await page.goto('/admin/settings?tab=business');
  await page.getByLabel('First response time (minutes)').fill('15');
  await page.getByRole('button', { name: 'Add rule' }).click();
  const rule = page.getByRole('group', { name: /^Rule \d+$/ }).last();
  await choose(page, 'Source', 'Referral', rule);
  await rule.getByLabel('City').fill(tag);
  await rule.getByRole('combobox', { name: 'Employees' }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'status', SETTINGS_MESSAGES.updated)).toBeVisible();

  const saved = (await (await page.request.get('/api/settings')).json()) as SettingsAnswer;
  try {
    expect(saved.business.firstResponseMinutes).toBe(15);
    expect(saved.business.leadAssignmentRules.at(-1)).toMatchObject({ source: 'Referral', city: tag, employeeIds: [expect.any(String)] });

    const created = await page.request.post('/api/leads', { headers, data: { name: `${tag} Speed`, phone, source: 'Referral', location: tag } });
    expect(created.status(), await created.text()).toBe(201);

    // The dashboard's card counts what the server counts now.
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Dashboard' }).click();
    const card = page.getByRole('region', { name: 'Speed-to-lead' });
    const { total } = (await (await page.request.get('/api/leads/response-overdue')).json()) as ResponseOverdue;
    await expect(card.getByRole('heading', { name: 'Response overdue' }).locator('xpath=following-sibling::p[1]')).toHaveText(total.toLocaleString('en-IN'));
    await card.getByRole('link', { name: 'View the leads with a response overdue' }).click();
    await expect(page).toHaveURL(/\/admin\/leads\?overdue=1$/);
    await expect(page.getByRole('switch', { name: 'Response overdue' })).toBeChecked();

    await page.getByRole('tab', { name: 'Response times' }).click();
    const report = page.getByRole('region', { name: 'Response times' });
    await expect(report.getByLabel('Month')).toBeVisible();
    await expect(report.getByText(/Measured against a first response time of 15 min/)).toBeVisible();
  } finally {
    // The rule goes again (other journeys' leads see the rules as they were); read again if another journey saved meanwhile (409).
    await expect(async () => {
      const current = (await (await page.request.get('/api/settings')).json()) as SettingsAnswer;
      const { smtpPasswordSet: _set, ...email } = current.email;
      const business = { ...current.business, leadAssignmentRules: current.business.leadAssignmentRules.filter((item) => item.city !== tag) };
      const restored = await page.request.put('/api/settings', { headers, data: { ...current, email, business } });
      expect(restored.status(), await restored.text()).toBe(200);
    }).toPass({ timeout: 10_000 });
  }
});
