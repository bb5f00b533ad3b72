import type { Page as ApiPage } from '@app/shared-types/api';
import type { DashboardStats } from '@app/shared-types/dashboard';
import { formatPhone } from '@app/shared-types/phone';
import type { Vendor } from '@app/shared-types/vendors';
import type { Page } from '@playwright/test';
import { choose, expect, test } from './fixtures';
import { E2E_ADMIN } from './global-setup';
import { seeToast, signIn, unique as uniqueContact } from './portal';

const unique = () => uniqueContact('6', 'E2EV');

async function openVendors(page: Page) {
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Vendors' }).click();
  await expect(page).toHaveURL(/\/admin\/vendors/);
  await expect(page.getByRole('heading', { level: 1, name: 'Vendor Management' })).toBeVisible();
}

/** The dashboard's Active Vendors figure, as the API gives it to the signed-in page. */
async function activeVendors(page: Page): Promise<number> {
  const response = await page.request.get('/api/dashboard/comprehensive-stats');
  expect(response.status()).toBe(200);
  return ((await response.json()) as DashboardStats).totalVendors;
}

test.describe('vendors', () => {
  test('adds a vendor with GST and PAN, edits its rating and status, and deletes it', async ({ page }) => {
    // One vendor's whole life (about 40 steps, three toasts): twice the default budget for a busy machine.
    test.setTimeout(60_000);
    const { phone, tag } = unique();
    const name = `${tag} Deccan Lights`;
    await signIn(page);
    await openVendors(page);
    const activeBefore = await activeVendors(page);

    await page.getByRole('button', { name: 'Add Vendor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Vendor' });
    await dialog.getByRole('button', { name: 'Add Vendor' }).click();
    await expect(dialog.getByText('Vendor name is required')).toBeVisible();
    await expect(dialog.getByText('Category is required')).toBeVisible();
    await expect(dialog.getByText('Phone number is required')).toBeVisible();

    await dialog.getByLabel('Vendor Name').fill(name);
    await choose(page, 'Category', 'Lighting', dialog);
    await dialog.getByLabel('Specialization').fill('Chandeliers and LED profiles');
    await dialog.getByLabel('Contact Person').fill('Farah Khan');
    await dialog.getByLabel(/^Phone/).fill(phone);
    await dialog.getByLabel('City').fill('Hyderabad');
    await dialog.getByLabel('GST Number').fill('36AABCU9603R1X');
    await dialog.getByLabel('PAN Number').fill('aabcu9603r');
    await dialog.getByRole('button', { name: 'Add Vendor' }).click();
    await expect(dialog.getByText('Enter a valid 15-character GST number, e.g. 36AABCU9603R1ZM')).toBeVisible();
    await dialog.getByLabel('GST Number').fill('36aabcu9603r1zm');
    await dialog.getByRole('button', { name: 'Add Vendor' }).click();
    await seeToast(page, 'Vendor added successfully!', name);
    await expect(dialog).toBeHidden();

    await page.getByLabel('Search vendors').fill(tag);
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
    const card = page.getByRole('article', { name });
    await expect(card).toContainText('Lighting');
    await expect(card).toContainText('Active');
    await expect(card).toContainText('Farah Khan');
    await expect(card).toContainText('Chandeliers and LED profiles');
    await expect(card.getByRole('link', { name: formatPhone(phone) })).toHaveAttribute('href', `tel:${phone}`);
    await expect(card.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    expect(await activeVendors(page)).toBe(activeBefore + 1);

    const stored = (await (await page.request.get(`/api/vendors?q=${tag}`)).json()) as ApiPage<Vendor>;
    expect(stored.items).toHaveLength(1);
    expect(stored.items[0]).toMatchObject({ category: 'lighting', gstNumber: '36AABCU9603R1ZM', panNumber: 'AABCU9603R', status: 'active', rating: 5 });

    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Vendor' });
    await expect(edit.getByLabel('GST Number')).toHaveValue('36AABCU9603R1ZM');
    await choose(page, 'Rating', '3 stars', edit);
    await choose(page, 'Status', 'Inactive', edit);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await seeToast(page, 'Vendor updated successfully!', name);
    await expect(edit).toBeHidden();
    await expect(card).toContainText('Inactive');
    await expect(card.getByRole('img', { name: 'Rated 3 out of 5' })).toBeVisible();
    expect(await activeVendors(page)).toBe(activeBefore);

    await card.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this vendor?' });
    await expect(confirm).toContainText(name);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await seeToast(page, 'Vendor deleted successfully!', name);
    await expect(card).toBeHidden();
    await expect(page.getByText('No vendors found matching your criteria')).toBeVisible();
    expect(await activeVendors(page)).toBe(activeBefore);
  });

  test('fits a phone screen: no sideways scrolling, the dialog full screen', async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { phone, tag } = unique();
    // Signed in through the API: the page's context shares the session cookie.
    const headers = { origin: new URL(baseURL ?? '').origin };
    const signedIn = await page.request.post('/api/auth/login', { headers, data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
    expect(signedIn.status()).toBe(200);
    const created = await page.request.post('/api/vendors', {
      headers,
      data: { name: `${tag} A Rather Long Vendor Name For Small Screens Pvt Ltd`, category: 'civil', phone, city: 'Secunderabad' },
    });
    expect(created.status()).toBe(201);

    await page.goto(`/admin/vendors?q=${tag}`);
    await expect(page.getByRole('article')).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Add Vendor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Vendor' });
    await expect(dialog.getByRole('button', { name: 'Add Vendor' })).toBeInViewport();
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(390);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});
