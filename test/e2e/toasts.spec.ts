import type { Locator, Page } from '@playwright/test';
import type { Lead } from '@app/shared-types/leads';
import { E2E_ADMIN } from './global-setup';
import { choose, expect, takeAPersonsTime, test } from './fixtures';
import { signIn, toast, unique } from './portal';

/** The on-screen boxes of `a` and `b` share at least one pixel. */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  if (!boxA || !boxB) throw new Error('both elements must be on screen');
  return boxA.x < boxB.x + boxB.width && boxB.x < boxA.x + boxA.width && boxA.y < boxB.y + boxB.height && boxB.y < boxA.y + boxA.height;
}

/** Drops the browser's own console report of the request that failed on purpose (`status`, `path`). */
function expectFailedRequestReported(consoleErrors: string[], status: number, path: string) {
  const index = consoleErrors.findIndex((error) => error.includes(`status of ${status}`) && error.includes(path));
  expect(index, `a console report of the ${status} from ${path}`).toBeGreaterThanOrEqual(0);
  consoleErrors.splice(index, 1);
}

async function submitCalculator(page: Page, phone: string) {
  await page.goto('/calculator');
  await choose(page, 'Property Type', '2 BHK');
  await page.getByLabel('Carpet Area (sq ft)').fill('1100');
  await page.getByLabel('Full Name').fill('Nisha Rao');
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByLabel('City').fill('Hyderabad');
  await takeAPersonsTime(page);
  await page.getByRole('button', { name: 'Get My Quote & Schedule Consultation' }).click();
}

test.describe('toasts', () => {
  test('after a wrong password, the right one shows Login successful and no Login failed stays (bug 2)', async ({ page, consoleErrors }) => {
    await page.goto('/admin');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Access Admin Portal' }).click();
    await expect(toast(page, 'alert', 'Login failed')).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Access Admin Portal' }).click();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    // At once, not 5 s later when the failure would have timed out.
    await expect(toast(page, 'status', 'Login successful')).toBeVisible({ timeout: 2_000 });
    await expect(toast(page, 'alert', 'Login failed')).toHaveCount(0);
    expectFailedRequestReported(consoleErrors, 401, '/api/auth/login');
  });

  test("a toast leaves the Convert button of 'Convert to customer' free (bug 3)", async ({ page, baseURL, consoleErrors }) => {
    const { phone, tag } = unique('9');
    await signIn(page, '/admin/leads');
    const created = await page.request.post('/api/leads', {
      headers: { origin: new URL(baseURL!).origin },
      data: { name: `Rohan ${tag}`, phone, status: 'Won', projectType: '2BHK', location: 'Kondapur' },
    });
    expect(created.status()).toBe(201);
    const lead = (await created.json()) as Lead;
    // The conversion fails once, so its toast shows while the dialog stays open for another try.
    await page.route('**/api/leads/*/convert', (route) => route.fulfill({ status: 503, json: { error: 'Try again in a minute' } }));

    // A 13-inch laptop, a phone and a small phone.
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
      { width: 360, height: 640 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`/admin/leads?lead=${lead.id}`);
      await page.getByRole('dialog', { name: `Rohan ${tag}` }).getByRole('button', { name: 'Convert to customer' }).click();
      const convert = page.getByRole('dialog', { name: 'Convert to customer' });
      await convert.getByRole('textbox', { name: 'Project name' }).fill(`Kondapur flat ${tag}`);
      const button = convert.getByRole('button', { name: 'Convert', exact: true });
      await button.click();
      const failed = toast(page, 'alert', 'Failed to convert lead');
      await expect(failed).toBeVisible();
      await expect(button).toBeEnabled();
      expect(await overlaps(failed, button), `toast over Convert at ${viewport.width} px`).toBe(false);
      expectFailedRequestReported(consoleErrors, 503, `/api/leads/${lead.id}/convert`);
    }
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 360, height: 640 },
  ]) {
    test(`on a ${viewport.width} × ${viewport.height} phone the toast leaves the estimate and the WhatsApp button free (bug 3)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await submitCalculator(page, unique('9').phone);
      const shown = toast(page, 'status', 'Request Submitted');
      await expect(shown).toBeVisible();
      const estimate = page.getByText(/^₹[\d,]+ – ₹[\d,]+$/);
      await expect(estimate).toBeInViewport();
      expect(await overlaps(shown, estimate), 'toast over the estimate').toBe(false);
      expect(await overlaps(shown, page.getByRole('link', { name: 'Chat on WhatsApp', exact: true })), 'toast over WhatsApp').toBe(false);
    });
  }

  test('on a laptop the toast leaves the WhatsApp button free (bug 3)', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await submitCalculator(page, unique('9').phone);
    const shown = toast(page, 'status', 'Request Submitted');
    await expect(shown).toBeVisible();
    expect(await overlaps(shown, page.getByRole('link', { name: 'Chat on WhatsApp', exact: true })), 'toast over WhatsApp').toBe(false);
  });
});
