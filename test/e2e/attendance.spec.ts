import { ATTENDANCE_MESSAGES } from '@app/shared-types/attendance';
import { calendarDate } from '@app/shared-types/format';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { E2E_ADMIN } from './global-setup';
import { seeToast, signIn, unique } from './portal';

/** Signs in from the login form at `path` as `who`. */
async function signInAs(page: Page, who: { email: string; password: string; name: string }, path = '/admin') {
  await page.goto(path);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Access Admin Portal' }).click();
  await seeToast(page, 'Login successful', `Welcome, ${who.name}!`);
}

test.describe('attendance', () => {
  test('an employee checks in and out and cannot open Finance; the admin sees the record and the monthly report', async ({ page, request, baseURL }) => {
    test.setTimeout(45_000);
    const { tag } = unique('9', 'E2EA');
    const employee = { name: `${tag} Attendance`, email: `${tag.toLowerCase()}@example.com`, password: 'e2e-Employee-pass-1' };
    const origin = { origin: new URL(baseURL ?? '').origin };

    // The admin creates the employee through the API.
    const login = await request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password }, headers: origin });
    expect(login.status()).toBe(200);
    const created = await request.post('/api/users', { data: { ...employee, role: 'employee', department: 'Design', position: 'Designer' }, headers: origin });
    expect(created.status(), await created.text()).toBe(201);

    // The employee checks in (at a site), then out, from the Attendance Portal.
    await signInAs(page, employee, '/admin/attendance');
    const sidebar = page.getByRole('navigation', { name: 'Admin sections' });
    await expect(sidebar.getByRole('link', { name: 'Attendance' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Finance' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Attendance Portal' })).toBeVisible();
    const mine = page.getByRole('region', { name: 'My attendance' });
    await expect(mine).toContainText('You have not checked in today.');
    await mine.getByRole('combobox', { name: 'Location' }).click();
    await page.getByRole('option', { name: 'Site' }).click();
    await mine.getByRole('button', { name: 'Check in' }).click();
    await seeToast(page, ATTENDANCE_MESSAGES.recorded, 'Checked in at');
    // Right after the check-in, a check-out asks first (a double tap must not end the day).
    await mine.getByRole('button', { name: 'Check out' }).click();
    const confirm = page.getByRole('dialog', { name: 'Check out already?' });
    await expect(confirm).toContainText(ATTENDANCE_MESSAGES.checkOutSoon);
    await confirm.getByRole('button', { name: 'Check out' }).click();
    await seeToast(page, ATTENDANCE_MESSAGES.recorded, 'Checked out at');
    await expect(mine).toContainText(/Checked in at .+, out at .+: 0 h\./);
    await expect(mine.getByRole('button', { name: /Check (in|out)/ })).toHaveCount(0);
    // Their own list: today's record.
    const own = page.getByRole('article', { name: employee.name });
    await expect(own).toContainText('Present');
    await expect(own).toContainText('Site');
    // A second check-in is refused by the server too.
    const again = await page.request.post('/api/attendance/check-in', { data: { location: 'office' }, headers: origin });
    expect(again.status()).toBe(409);

    // Finance is not theirs: the section is hidden and its address refuses.
    await page.goto('/admin/finance');
    await expect(page.getByRole('heading', { name: 'You do not have access to this section' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Enhanced Finance Management' })).toHaveCount(0);
    expect((await page.request.get('/api/finance/summary')).status()).toBe(403);
    await page.getByRole('button', { name: 'Logout' }).click();

    // The admin finds the record in the list and the employee's month in the report.
    await signIn(page, '/admin/attendance');
    await expect(page.getByRole('heading', { name: 'Present' })).toBeVisible();
    await page.getByRole('region', { name: 'Filter attendance' }).getByLabel('Search attendance').fill(tag);
    // The search is sent once typing pauses: wait for it before leaving the tab.
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
    const record = page.getByRole('article', { name: employee.name });
    await expect(record).toHaveCount(1);
    await expect(record).toContainText('Present');
    await expect(record).toContainText('Design');
    await expect(record).toContainText('0 h');

    await page.getByRole('tab', { name: 'Monthly Report' }).click();
    const month = calendarDate().slice(0, 7);
    await expect(page).toHaveURL(/tab=report/);
    const row = page.getByRole('row', { name: new RegExp(employee.name) });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').first()).toHaveText('1');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toBe(`attendance-${month}.csv`);
    await seeToast(page, 'Report exported', `attendance-${month}.csv`);
  });
});
