import type { Page } from '@playwright/test';
import { NOTIFICATION_MESSAGES } from '@app/shared-types/notifications';
import type { SettingsAnswer } from '@app/shared-types/settings';
import { SMTP_PASSWORD, SMTP_USER, startSmtpServer, type TestSmtpServer } from '../../functions/test/smtp';
import { aShownFormsToken, expect, test } from './fixtures';
import { signIn, toast, unique } from './portal';

let smtp: TestSmtpServer;
test.beforeAll(async () => {
  smtp = await startSmtpServer();
});
test.afterAll(async () => {
  await smtp.stop();
});

/** Saves Settings > Email through the API (the signed-in page's cookies), the rest as saved now. */
async function saveEmail(page: Page, email: Partial<SettingsAnswer['email']> & { smtpPassword?: string }) {
  const current = (await (await page.request.get('/api/settings')).json()) as SettingsAnswer;
  const { smtpPasswordSet: _set, ...saved } = current.email;
  const response = await page.request.put('/api/settings', { data: { ...current, email: { ...saved, ...email } }, headers: { origin: new URL(page.url()).origin } });
  expect(response.status(), await response.text()).toBe(200);
  return current.email;
}

test('a website lead rings the bell and is mailed through SMTP; the test email goes out', async ({ page }) => {
  await signIn(page);
  const before = await saveEmail(page, { smtpHost: '127.0.0.1', smtpPort: smtp.port, smtpUsername: SMTP_USER, smtpPassword: SMTP_PASSWORD, smtpSecure: false });
  try {
    const { phone, tag } = unique('8', 'Bell');
    const formToken = await aShownFormsToken(page.request);
    const sent = await page.request.post('/api/contact', {
      data: { firstName: 'Leela', lastName: tag, email: 'leela@example.com', phone, projectType: 'renovation', message: 'Kitchen', formToken },
    });
    expect(sent.status()).toBe(201);
    // The local server sends right after the write: the email arrives, and the bell has it.
    await expect.poll(() => smtp.withSubject(`New lead: Leela ${tag}`).length, { timeout: 15_000 }).toBe(1);
    await page.reload();
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await expect(bell).toBeVisible();
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByText(`New lead: Leela ${tag}`).click();
    await expect(page).toHaveURL(/\/admin\/leads\?lead=/);

    await page.goto('/admin/settings?tab=email');
    const card = page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: 'Send test email' }) });
    await card.getByLabel('Recipient (optional)').fill('owner@example.com');
    await card.getByRole('button', { name: 'Send test email' }).click();
    await expect(toast(page, 'status', NOTIFICATION_MESSAGES.testSent)).toContainText('Sent to owner@example.com');
    expect(smtp.received.filter((mail) => mail.to.includes('owner@example.com') && mail.subject.endsWith(': test email'))).toHaveLength(1);
  } finally {
    const { smtpPasswordSet: _set, ...email } = before;
    await saveEmail(page, email);
  }
});
