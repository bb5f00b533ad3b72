import type { APIRequestContext } from '@playwright/test';
import type { SettingsAnswer } from '@app/shared-types/settings';
import { REGISTRATION_RECEIVED } from '@app/shared-types/two-factor';
import { expect, test } from './fixtures';
import { E2E_ADMIN } from './global-setup';
import { seeToast, signIn, unique } from './portal';

/**
 * Settings > Security > allowRegistration, saved by the e2e admin through the API (a request context
 * of its own, so the page's session is untouched); answers the value it replaced. The e2e server is
 * shared, but specs run one at a time (playwright.config.ts: one worker, not fully parallel) and no
 * other spec reads this setting, so turning it on for this test and back off after disturbs none.
 */
async function setAllowRegistration(request: APIRequestContext, origin: string, allow: boolean): Promise<boolean> {
  const headers = { origin };
  expect((await request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password }, headers })).status()).toBe(200);
  const current = (await (await request.get('/api/settings')).json()) as SettingsAnswer;
  const { smtpPasswordSet: _set, ...email } = current.email;
  const saved = await request.put('/api/settings', { data: { ...current, email, security: { ...current.security, allowRegistration: allow } }, headers });
  expect(saved.status(), await saved.text()).toBe(200);
  return current.security.allowRegistration;
}

test("'Request access': a visitor asks for an account, an admin approves it, and the new person signs in", async ({ page, request, baseURL }) => {
  test.setTimeout(60_000);
  const origin = new URL(baseURL ?? '').origin;
  const { phone, tag } = unique('9', 'E2EReg');
  const person = { name: `Asha ${tag}`, email: `${tag.toLowerCase()}@example.com`, password: 'e2e-Request-pass-1' };

  const before = await setAllowRegistration(request, origin, true);
  try {
    // The sign-in page offers it while the setting is on.
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Request access' }).click();
    await expect(page).toHaveURL(/\/admin\/request-access$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Request access' })).toBeVisible();
    await page.getByLabel('Full name').fill(person.name);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Phone').fill(phone);
    await page.getByRole('combobox', { name: 'Department' }).click();
    await page.getByRole('option', { name: 'Design' }).click();
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Request access' }).click();
    await expect(page.getByRole('status').filter({ hasText: REGISTRATION_RECEIVED })).toBeVisible();

    // Until approved the account cannot sign in (the same answer as a wrong password).
    const early = await request.post('/api/auth/login', { data: { email: person.email, password: person.password }, headers: { origin } });
    expect(early.status()).toBe(401);

    // The admin finds the request under Employees and approves it.
    await signIn(page);
    await page.goto(`/admin/employees?q=${tag}`);
    const card = page.getByRole('article', { name: person.name });
    await expect(card).toContainText('Access request');
    await expect(card).toContainText('Inactive');
    await card.getByRole('button', { name: 'Details' }).click();
    const dialog = page.getByRole('dialog', { name: person.name });
    await expect(dialog).toContainText('Requested access on');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await seeToast(page, 'Access approved', `${person.name} can sign in now.`);
    await expect(dialog).not.toContainText('Requested access on');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(card).toContainText('Active');
    await expect(card).not.toContainText('Access request');
    await page.getByRole('button', { name: 'Logout' }).click();

    // The new person signs in with the password they chose.
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Access Admin Portal' }).click();
    await seeToast(page, 'Login successful', `Welcome, ${person.name}!`);
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
  } finally {
    await setAllowRegistration(request, origin, before);
  }
  // Off again: the form's API answers 404 (the page is the portal's not-found).
  expect((await request.get('/api/auth/registration')).status()).toBe(404);
});
