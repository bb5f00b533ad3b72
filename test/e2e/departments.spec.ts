import type { Page } from '@playwright/test';
import { choose, expect, test } from './fixtures';
import { seeToast, signIn, unique } from './portal';

async function openDepartments(page: Page) {
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Employees' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Employee Management' })).toBeVisible();
  await page.getByRole('link', { name: 'Departments' }).click();
  await expect(page).toHaveURL(/\/admin\/employees\/departments$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Departments & Job Roles' })).toBeVisible();
}

test.describe('departments', () => {
  test('adds a department and a job role in it, and the employee form offers the department', async ({ page, consoleErrors }) => {
    test.setTimeout(60_000);
    const { tag } = unique('7', 'E2ED');
    const department = `${tag} Landscaping`;
    const role = `${tag} Garden Designer`;
    await signIn(page);
    await openDepartments(page);

    await page.getByRole('button', { name: 'Add Department' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Department' });
    await dialog.getByRole('button', { name: 'Add Department' }).click();
    await expect(dialog.getByText('Department name is required')).toBeVisible();
    await dialog.getByLabel(/^Department Name/).fill(department);
    await dialog.getByLabel('Description').fill('Gardens, terraces and balconies');
    await dialog.getByRole('button', { name: 'Add Department' }).click();
    await seeToast(page, 'Department added successfully!', department);
    await expect(dialog).toBeHidden();

    const departments = page.getByRole('table', { name: 'Departments' });
    const row = departments.getByRole('row').filter({ hasText: department });
    await expect(row).toContainText('Active');

    // The same name again (any case): the server's 409 under the name field.
    await page.getByRole('button', { name: 'Add Department' }).click();
    const again = page.getByRole('dialog', { name: 'Add Department' });
    await again.getByLabel(/^Department Name/).fill(department.toUpperCase());
    await again.getByRole('button', { name: 'Add Department' }).click();
    await expect(again.getByText('A department with this name already exists').first()).toBeVisible();
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect(again).toBeHidden();

    await choose(page, 'Filter by department', department);
    await expect(page.getByText(`No job roles in ${department} yet.`)).toBeVisible();
    await page.getByRole('button', { name: 'Add Job Role' }).click();
    const roleDialog = page.getByRole('dialog', { name: 'Add Job Role' });
    await expect(roleDialog.getByRole('combobox', { name: 'Department' })).toHaveText(department);
    await roleDialog.getByLabel(/^Job Role Name/).fill(role);
    await roleDialog.getByLabel('Responsibilities').fill('Plans planting and irrigation');
    await roleDialog.getByRole('button', { name: 'Add Job Role' }).click();
    await seeToast(page, 'Job role added successfully!', role);
    await expect(roleDialog).toBeHidden();
    const roleRow = page.getByRole('table', { name: 'Job roles' }).getByRole('row').filter({ hasText: role });
    await expect(roleRow).toContainText(department);

    // A department with a job role is not deleted: the dialog says why.
    await row.getByRole('button', { name: `Delete ${department}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this department?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm.getByRole('alert')).toContainText('This department still has job roles');
    await confirm.getByRole('button', { name: 'Close' }).click();
    await expect(confirm).toBeHidden();

    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Employees' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Employee Management' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Employee' }).click();
    const employee = page.getByRole('dialog', { name: 'Add Employee' });
    await choose(page, 'Department', department, employee);
    await employee.getByRole('button', { name: 'Cancel' }).click();
    await expect(employee).toBeHidden();

    // The two refusals above (the taken name, the delete) are the browser's only errors.
    for (const refused of ['/api/departments)', '/api/departments/']) {
      const at = consoleErrors.findIndex((error) => error.includes('status of 409') && error.includes(refused));
      expect(at, `a 409 from ${refused}`).toBeGreaterThanOrEqual(0);
      consoleErrors.splice(at, 1);
    }
  });
});
