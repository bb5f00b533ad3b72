import type { APIRequestContext, Page } from '@playwright/test';
import { MAINTENANCE_MESSAGE, SETTINGS_MESSAGES, type SettingsAnswer } from '@app/shared-types/settings';
import { expect, test } from './fixtures';
import { signIn, toast, unique } from './portal';

/** A 1x1 fully transparent PNG (grey and alpha): a real image the browser can decode and scale. */
const TRANSPARENT_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** The settings as saved now, read with the signed-in page's cookies. */
async function readSettings(request: APIRequestContext): Promise<SettingsAnswer> {
  const response = await request.get('/api/settings');
  expect(response.status()).toBe(200);
  return (await response.json()) as SettingsAnswer;
}

/**
 * Puts groups of the settings back as they were (other specs read the firm's
 * name and expect the site open), whatever the test left: through the API,
 * with the version as saved now.
 */
async function restore(page: Page, original: SettingsAnswer) {
  const request = page.request;
  const current = await readSettings(request);
  const { smtpPasswordSet: _set, ...email } = current.email;
  const body = { ...current, email, company: original.company, system: original.system };
  const response = await request.put('/api/settings', { data: body, headers: { origin: new URL(page.url()).origin } });
  expect(response.status(), await response.text()).toBe(200);
}

async function openSettings(page: Page, tab: string) {
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'System Settings' })).toBeVisible();
  await page.getByRole('tab', { name: tab }).click();
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const saved = toast(page, 'status', SETTINGS_MESSAGES.updated);
  await expect(saved).toBeVisible();
  await saved.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeHidden();
}

test.describe('settings take effect', () => {
  test("the company's new name and logo show on a fresh page of the public site", async ({ page }) => {
    await signIn(page);
    const original = await readSettings(page.request);
    const name = `${unique().tag} Interiors`;
    try {
      await openSettings(page, 'Company');
      await page.getByLabel('Company Name').fill(name);
      // The logo goes through the photo pipeline: scaled here, uploaded, checked and published by the server.
      await page.getByRole('region', { name: 'Logo' }).locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: TRANSPARENT_PNG });
      const preview = page.getByRole('img', { name: 'Company logo' });
      // A logo stays a PNG, transparent (no white tile on the dark footer).
      await expect(preview).toHaveAttribute('src', /^\/uploads\/company\/logo-[0-9a-f-]{36}\.png$/);
      const logo = await preview.getAttribute('src');
      await save(page);

      const site = await page.context().newPage();
      await site.goto('/');
      const header = site.getByRole('banner');
      await expect(header).toContainText(name);
      await expect(site.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} ${name}. All rights reserved.`);
      await expect(site).toHaveTitle(new RegExp(`\\| ${name}$`));
      const headerLogo = header.locator(`img[src="${logo}"]`);
      await expect(headerLogo).toBeVisible();
      // Its box is fixed (no shift while it loads), and the file is served.
      expect(await headerLogo.evaluate((img: HTMLImageElement) => [img.getAttribute('width'), img.getAttribute('height'), img.naturalWidth > 0])).toEqual(['36', '36', true]);
      // The served file is a PNG whose pixel is still fully transparent.
      const served = await site.request.get(logo!);
      expect(served.headers()['content-type']).toBe('image/png');
      const alpha = await headerLogo.evaluate((img: HTMLImageElement) => {
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const context = canvas.getContext('2d')!;
        context.drawImage(img, 0, 0);
        return context.getImageData(0, 0, 1, 1).data[3];
      });
      expect(alpha).toBe(0);
      await site.close();
    } finally {
      await restore(page, original);
    }
    const site = await page.context().newPage();
    await site.goto('/');
    await expect(site.getByRole('banner')).toContainText(original.company.companyName);
    await site.close();
  });

  test('maintenance mode closes the public site and its forms while the portal keeps working', async ({ page }) => {
    await signIn(page);
    const original = await readSettings(page.request);
    try {
      await openSettings(page, 'System');
      await page.getByRole('switch', { name: 'Maintenance mode' }).check();
      await save(page);

      const site = await page.context().newPage();
      // The page itself says 'come back later' to crawlers too: 503 with Retry-After.
      const paused = await site.goto('/contact');
      expect(paused?.status()).toBe(503);
      expect(paused?.headers()['retry-after']).toBeTruthy();
      await expect(site.getByRole('heading', { level: 1, name: "We'll be back soon" })).toBeVisible();
      await expect(site.getByRole('button', { name: 'Send Message' })).toHaveCount(0);
      // A form sent anyway (an open tab, a bot) is answered with the notice.
      const sent = await site.request.post('/api/contact', {
        data: { firstName: 'Rahul', lastName: 'Menon', email: 'rahul@example.com', phone: unique().phone, message: 'Kitchen' },
        headers: { origin: new URL(site.url()).origin },
      });
      expect(sent.status()).toBe(503);
      expect(sent.headers()['retry-after']).toBeTruthy();
      expect((await sent.json()) as unknown).toMatchObject({ error: MAINTENANCE_MESSAGE });
      await site.close();

      // The portal keeps working.
      await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Leads CRM' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Leads CRM' })).toBeVisible();

      await openSettings(page, 'System');
      await page.getByRole('switch', { name: 'Maintenance mode' }).uncheck();
      await save(page);
      const reopened = await page.context().newPage();
      await reopened.goto('/contact');
      await expect(reopened.getByRole('button', { name: 'Send Message' })).toBeVisible();
      await reopened.close();
    } finally {
      await restore(page, original);
    }
  });
});
