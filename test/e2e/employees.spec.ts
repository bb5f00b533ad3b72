import type { Page as ApiPage } from '@app/shared-types/api';
import { verhoeffCheckDigit, type EmployeeRecord } from '@app/shared-types/employees';
import type { APIRequestContext, Page } from '@playwright/test';
import { choose, expect, test } from './fixtures';
import { E2E_ADMIN } from './global-setup';
import { seeToast, unique as uniqueContact } from './portal';

const unique = () => uniqueContact('8', 'E2EE');

/** An Aadhaar number no other test uses: 12 digits, not starting with 0 or 1, its last the Verhoeff check digit. */
function uniqueAadhaar(): string {
  const first11 = `${2 + Math.floor(Math.random() * 8)}${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
  return `${first11}${verhoeffCheckDigit(first11)}`;
}

async function openEmployees(page: Page) {
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Employees' }).click();
  await expect(page).toHaveURL(/\/admin\/employees/);
  await expect(page.getByRole('heading', { level: 1, name: 'Employee Management' })).toBeVisible();
}

/** An admin (not the first superadmin) made by the superadmin through the API, in a request context of its own. */
async function createAdmin(request: APIRequestContext, origin: string, id: string) {
  const headers = { origin };
  expect((await request.post('/api/auth/login', { headers, data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } })).status()).toBe(200);
  const admin = { name: `Asha Rao ${id}`, email: `admin.${id}@kds.example`, password: 'asha-Admin-pass-1' };
  const created = await request.post('/api/users', { headers, data: { ...admin, role: 'admin', department: 'HR', position: 'HR Lead' } });
  expect(created.status()).toBe(201);
  return admin;
}

async function signInAs(page: Page, account: { name: string; email: string; password: string }) {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Access Admin Portal' }).click();
  await seeToast(page, 'Login successful', `Welcome, ${account.name}!`);
}

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe('employees', () => {
  test('an admin adds an employee with PAN and Aadhaar, sees them masked, reveals one, and the screen fits a phone', async ({ page, request, baseURL }) => {
    const { phone, tag } = unique();
    const name = `${tag} Kiran Reddy`;
    const email = `${tag.toLowerCase()}@kds.example`;
    const aadhaar = uniqueAadhaar();
    const maskedAadhaar = `XXXX XXXX ${aadhaar.slice(-4)}`;
    // Not named by the tag, so the search for the new employee finds them alone.
    await signInAs(page, await createAdmin(request, new URL(baseURL ?? '').origin, phone));
    await openEmployees(page);
    await expect(page.getByRole('region', { name: 'Employee figures' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Employee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Employee' });
    await dialog.getByRole('button', { name: 'Add Employee' }).click();
    await expect(dialog.getByText('Full name is required')).toBeVisible();
    await expect(dialog.getByText('Password is required')).toBeVisible();

    // An admin manages employees and managers: no Admin or Super Admin to give.
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['Employee', 'Manager']);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();

    await dialog.getByLabel(/^Full Name/).fill(name);
    await dialog.getByLabel(/^Email/).fill(email);
    await dialog.getByLabel(/^Password/).fill('kiran-Pass-2026');
    await choose(page, 'Department', 'Design', dialog);
    await dialog.getByLabel('Position').fill('Junior Designer');
    await dialog.getByLabel('Phone').fill(phone);
    await dialog.getByLabel('Monthly Salary (₹)').fill('32000');
    await dialog.getByLabel('PAN Number').fill('abcde1234f');
    await dialog.getByLabel('Aadhaar Number').fill(aadhaar);
    await dialog.getByRole('button', { name: 'Add Employee' }).click();
    await seeToast(page, 'Employee added successfully!', name);
    await expect(dialog).toBeHidden();

    await page.getByLabel('Search employees').fill(tag);
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
    const card = page.getByRole('article', { name });
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(card).toContainText('Junior Designer · Design');
    await expect(card).toContainText('Active');
    // SPEC.md 6: an employee's badge is grey.
    await expect(card.locator('.MuiChip-root', { hasText: 'Employee' })).toHaveCSS('background-color', 'rgb(107, 107, 107)');
    await expect(card.getByRole('link', { name: email })).toBeVisible();

    // The API answers masked values only.
    const listed = (await (await page.request.get(`/api/users?q=${tag}`)).json()) as ApiPage<EmployeeRecord>;
    expect(listed.items[0]).toMatchObject({ aadharNumber: maskedAadhaar, panNumber: 'XXXXX1234X' });
    expect(JSON.stringify(listed)).not.toContain(aadhaar);

    await card.getByRole('button', { name: 'Details' }).click();
    const details = page.getByRole('dialog', { name });
    await expect(details.getByText(maskedAadhaar)).toBeVisible();
    await expect(details.getByText('XXXXX1234X')).toBeVisible();
    await expect(details.getByText('₹32,000')).toBeVisible();
    await expect(details).not.toContainText(aadhaar);

    const revealed = page.waitForResponse((response) => response.url().endsWith('/reveal') && response.ok());
    await details.getByRole('button', { name: 'Reveal Aadhaar Number' }).click();
    await revealed;
    await expect(details.getByText(aadhaar, { exact: true })).toBeVisible();
    await expect(details.getByRole('timer')).toContainText(/Hides in \d+ s/);
    await expect(details.getByText('XXXXX1234X')).toBeVisible();
    await details.getByRole('button', { name: 'Hide Aadhaar Number' }).click();
    await expect(details.getByText(maskedAadhaar)).toBeVisible();
    await expect(details).not.toContainText(aadhaar);

    // On a 390 px phone: the grid and the details without sideways scrolling, the details full screen.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await noHorizontalScroll(page)).toBe(true);
    expect((await details.boundingBox())?.width).toBe(390);
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(details).toBeHidden();
    await expect(card).toBeVisible();
    expect(await noHorizontalScroll(page)).toBe(true);
  });
});
