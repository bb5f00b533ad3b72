import type { Page } from '@playwright/test';
import { calendarDate } from '@app/shared-types/format';
import { expect, test } from './fixtures';
import { signIn } from './portal';

/**
 * Issue 25, broken 2: typed work is never dropped without a word. A dirty form asks 'Discard changes?'
 * on a click outside its dialog, on Escape, on a move elsewhere in the portal and (the browser's own
 * question) on closing the tab. And the portal's dates read DD/MM/YYYY whatever the browser's locale.
 */

// A browser set to US English: native date inputs would show MM/DD/YYYY.
test.use({ locale: 'en-US', viewport: { width: 1366, height: 900 } });

const question = (page: Page) => page.getByRole('dialog', { name: 'Discard changes?' });

async function openSection(page: Page, name: string, heading: string) {
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** The text a date picker shows, from its value input. */
const shownDate = (page: Page, scope: ReturnType<Page['getByRole']>, label: string) =>
  scope.getByRole('group', { name: label }).locator('xpath=..').locator('input[aria-hidden="true"]');

test.describe('discard changes', () => {
  test('Create Post asks on a click outside and on Escape: Cancel keeps the text, Discard drops it', async ({ page }) => {
    await signIn(page);
    await openSection(page, 'Blog', 'Blog Management');

    await page.getByRole('button', { name: 'Create Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Post' });
    const title = dialog.getByLabel('Title', { exact: false }).first();
    await title.fill('Monsoon care for teak');

    // A click on the backdrop, left of the dialog.
    await page.mouse.click(20, 450);
    await expect(question(page)).toBeVisible();
    await question(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(question(page)).toBeHidden();
    await expect(title).toHaveValue('Monsoon care for teak');

    await title.press('Escape');
    await expect(question(page)).toBeVisible();
    await question(page).getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/[?&]new=1/);
  });

  // Known bug (issue 25, open): right after a Discard, 'Create Post' sometimes does not open the dialog
  // (1 run in 3 here). Fixed when this passes with --repeat-each.
  test('Create Post opens again, empty, right after a Discard, and a clean form just closes', async ({ page }) => {
    await signIn(page);
    await openSection(page, 'Blog', 'Blog Management');
    await page.getByRole('button', { name: 'Create Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Post' });
    const title = dialog.getByLabel('Title', { exact: false }).first();
    await title.fill('Monsoon care for teak');
    await title.press('Escape');
    await question(page).getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/[?&]new=1/);

    await page.getByRole('button', { name: 'Create Post' }).click();
    await expect(dialog).toBeVisible();
    await expect(title).toHaveValue('');
    await title.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(question(page)).toBeHidden();
  });

  test('Add Transaction and Add Employee ask on Escape', async ({ page }) => {
    await signIn(page);
    await openSection(page, 'Finance', 'Enhanced Finance Management');
    await page.getByRole('button', { name: 'Add Transaction' }).click();
    const transaction = page.getByRole('dialog', { name: 'Add Transaction' });
    await transaction.getByLabel(/^Description/).fill('Plywood for the wardrobes');
    await page.keyboard.press('Escape');
    await expect(question(page)).toBeVisible();
    await question(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(transaction.getByLabel(/^Description/)).toHaveValue('Plywood for the wardrobes');
    await page.keyboard.press('Escape');
    await question(page).getByRole('button', { name: 'Discard' }).click();
    await expect(transaction).toBeHidden();

    await openSection(page, 'Employees', 'Employee Management');
    await page.getByRole('button', { name: 'Add Employee' }).click();
    const employee = page.getByRole('dialog', { name: 'Add Employee' });
    await employee.getByLabel('Full Name').fill('Kiran Reddy');
    await page.keyboard.press('Escape');
    await expect(question(page)).toBeVisible();
    await question(page).getByRole('button', { name: 'Discard' }).click();
    await expect(employee).toBeHidden();
  });

  test('leaving Settings or the quotation builder with unsaved changes asks first (a link, Back)', async ({ page }) => {
    await signIn(page);
    await openSection(page, 'Settings', 'System Settings');
    const company = page.getByLabel('Company Name');
    await company.fill('A name not saved');

    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(question(page)).toBeVisible();
    await question(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(question(page)).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/settings/);
    await expect(company).toHaveValue('A name not saved');

    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Dashboard' }).click();
    await question(page).getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/admin\/?$/);

    // The builder lives at ?new=1 (then ?quote=<id>): Back to the list is leaving it.
    await openSection(page, 'Quotation Builder', 'Pixel-Perfect Quotation Builder');
    await page.getByRole('button', { name: 'New Quotation' }).click();
    await expect(page).toHaveURL(/[?&]new=1/);
    await page.getByLabel('Client name').fill('Anita Rao');
    await page.goBack();
    await expect(question(page)).toBeVisible();
    await expect(page).toHaveURL(/[?&]new=1/);
    await question(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByLabel('Client name')).toHaveValue('Anita Rao');
    await page.getByRole('button', { name: 'All quotations' }).click();
    await question(page).getByRole('button', { name: 'Discard' }).click();
    await expect(page).not.toHaveURL(/[?&]new=1/);
  });

  test("closing the tab with unsaved changes gets the browser's question (beforeunload)", async ({ page }) => {
    await signIn(page);
    await openSection(page, 'Settings', 'System Settings');
    await page.getByLabel('Company Name').fill('A name not saved');
    const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    }));
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    // Dismissed: the page stays.
    expect(page.isClosed()).toBe(false);
  });
});

test.describe('dates in DD/MM/YYYY', () => {
  test('a date field shows and takes DD/MM/YYYY in a US-English browser', async ({ page }) => {
    await signIn(page);
    await openSection(page, 'Finance', 'Enhanced Finance Management');
    await page.getByRole('button', { name: 'Add Transaction' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Transaction' });
    const [year, month, day] = calendarDate().split('-');
    await expect(shownDate(page, dialog, 'Transaction Date')).toHaveValue(`${day}/${month}/${year}`);
    await expect(dialog.getByRole('group', { name: 'Transaction Date' })).toContainText(`${day}/${month}/${year}`);

    const due = dialog.getByRole('group', { name: 'Due Date' });
    await due.getByRole('spinbutton', { name: 'Day' }).click();
    await page.keyboard.type('05032026');
    await expect(shownDate(page, dialog, 'Due Date')).toHaveValue('05/03/2026');
    await expect(due.getByRole('spinbutton', { name: 'Month' })).toHaveAttribute('aria-valuetext', /March/);
  });
});
