import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './global-setup';
import { expect, test } from './fixtures';
import { unique } from './portal';

/** Signs in through the API (the page's context shares the cookie) and adds `count` leads named '<tag> Lead <n>'. */
async function seedLeads(page: Page, baseURL: string | undefined, count: number) {
  const headers = { origin: new URL(baseURL ?? '').origin };
  const signedIn = await page.request.post('/api/auth/login', { headers, data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(signedIn.status()).toBe(200);
  const { tag } = unique();
  for (let n = 1; n <= count; n++) {
    const created = await page.request.post('/api/leads', {
      headers,
      data: { name: `${tag} Lead ${n}`, phone: unique('9').phone, email: `${tag.toLowerCase()}-${n}@example.com`, source: 'Referral' },
    });
    expect(created.status()).toBe(201);
  }
  return tag;
}

test.describe('leads table', () => {
  test('the pager counts a short result exactly and Next stays off (bug 1)', async ({ page, baseURL }) => {
    const tag = await seedLeads(page, baseURL, 3);
    await page.goto(`/admin/leads?q=${tag}`);
    await expect(page.getByRole('grid').getByRole('row').filter({ hasText: tag })).toHaveCount(3);
    await expect(page.getByText('1–3 of 3')).toBeVisible();
    await expect(page.getByText(/more than/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
  });

  test('every column fits a 1366 × 768 laptop screen, with no sideways scrolling (bug 6)', async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const tag = await seedLeads(page, baseURL, 1);
    await page.goto(`/admin/leads?q=${tag}`);
    await expect(page.getByRole('grid').getByRole('row').filter({ hasText: tag })).toHaveCount(1);
    for (const name of ['Name', 'Phone', 'Email', 'Source', 'Project Type', 'Budget', 'Status', 'Assigned To', 'Next Follow-up', 'Created']) {
      const header = page.getByRole('columnheader', { name, exact: true });
      await expect(header).toBeInViewport({ ratio: 1 });
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
    // The last column ends inside the grid: nothing to scroll sideways to.
    const grid = await page.getByRole('grid').boundingBox();
    const created = await page.getByRole('columnheader', { name: 'Created', exact: true }).boundingBox();
    expect((created?.x ?? Infinity) + (created?.width ?? 0)).toBeLessThanOrEqual((grid?.x ?? 0) + (grid?.width ?? 0) + 1);
    // Phone, source, budget, status and dates show whole, not cut off with '...'.
    const row = page.getByRole('grid').getByRole('row').filter({ hasText: tag });
    for (const field of ['phone', 'source', 'budget', 'status', 'nextFollowUp', 'createdAt']) {
      const cell = row.locator(`[data-field="${field}"]`);
      const overflow = await cell.evaluate((element) => {
        const content = (element.firstElementChild as HTMLElement | null) ?? element;
        return content.scrollWidth - content.clientWidth;
      });
      expect(overflow, field).toBeLessThanOrEqual(1);
    }
    await expect(row.locator('[data-field="phone"]')).toHaveText(/^\+91 \d{5} \d{5}$/);
  });
});
