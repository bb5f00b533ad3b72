import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Customer } from '@app/shared-types/customers';
import type { FinanceSummary, Transaction } from '@app/shared-types/finance';
import { calendarDate, formatMoney } from '@app/shared-types/format';
import type { Project } from '@app/shared-types/projects';
import type { APIRequestContext, Page } from '@playwright/test';
import { choose, expect, test } from './fixtures';
import { E2E_ADMIN } from './global-setup';
import { seeToast, signIn, unique as uniqueContact } from './portal';

const unique = () => uniqueContact('8', 'E2EF');
const PHONE_SCREENSHOT = fileURLToPath(new URL('../output/e2e-artifacts/finance-phone.png', import.meta.url));
const CSV_HEADER = 'Date,Type,Category,Amount,Description,Status,Project,Reference';

/** The headers a scripted write from the signed-in page sends (the server checks the origin). */
const writeHeaders = (baseURL: string | undefined) => ({ origin: new URL(baseURL ?? '').origin });

async function openFinance(page: Page) {
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Finance' }).click();
  await expect(page).toHaveURL(/\/admin\/finance/);
  await expect(page.getByRole('heading', { level: 1, name: 'Enhanced Finance Management' })).toBeVisible();
}

/** The figures the summary cards show, as the API gives them to the signed-in page. */
async function summary(request: APIRequestContext): Promise<FinanceSummary> {
  const response = await request.get('/api/finance/summary');
  expect(response.status()).toBe(200);
  return (await response.json()) as FinanceSummary;
}

/** The figure of the summary card labelled `label`. */
const cardValue = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Finance summary' })
    .getByRole('heading', { name: label, exact: true })
    .locator('xpath=following-sibling::p[1]');

/** Adds a transaction through the Transactions tab's dialog and checks its toast. */
async function addTransaction(page: Page, tx: { type: 'Income' | 'Expense'; category: string; amount: string; description: string; reference: string }) {
  await page.getByRole('button', { name: 'Add Transaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Transaction' });
  await choose(page, 'Type', tx.type, dialog);
  await choose(page, 'Category', tx.category, dialog);
  await dialog.getByLabel(/^Amount/).fill(tx.amount);
  await dialog.getByLabel(/^Description/).fill(tx.description);
  await dialog.getByLabel('Reference Number').fill(tx.reference);
  await dialog.getByRole('button', { name: 'Add Transaction' }).click();
  await seeToast(page, 'Transaction added successfully', `: ${tx.description}`);
  await expect(dialog).toBeHidden();
}

test.describe('finance', () => {
  test('adds an income and an expense, the cards move by their amounts, and exports them as CSV', async ({ page }) => {
    // Two dialogs, a filtered list, the cards and a download: twice the default budget for a busy machine.
    test.setTimeout(60_000);
    const { tag } = unique();
    const income = { type: 'Income', category: 'Design Fee', amount: 48_750, description: `${tag} design fee for the Kondapur villa`, reference: `${tag}-UTR` } as const;
    const expense = { type: 'Expense', category: 'Material Purchase', amount: 12_340.25, description: `${tag} plywood for the wardrobes`, reference: `${tag}-INV` } as const;

    await signIn(page);
    await openFinance(page);
    const before = await summary(page.request);
    await expect(cardValue(page, 'Total Income')).toHaveText(formatMoney(before.totalIncome));
    await expect(cardValue(page, 'Total Expenses')).toHaveText(formatMoney(before.totalExpenses));

    await addTransaction(page, { ...income, amount: String(income.amount) });
    await addTransaction(page, { ...expense, amount: String(expense.amount) });

    // The cards are recounted by exactly the amounts added (the web form's status is 'completed').
    await expect(cardValue(page, 'Total Income')).toHaveText(formatMoney(before.totalIncome + income.amount));
    await expect(cardValue(page, 'Total Expenses')).toHaveText(formatMoney(before.totalExpenses + expense.amount));
    const after = await summary(page.request);
    expect(after.totalIncome).toBeCloseTo(before.totalIncome + income.amount, 2);
    expect(after.totalExpenses).toBeCloseTo(before.totalExpenses + expense.amount, 2);
    expect(after.netProfit).toBeCloseTo(before.netProfit + income.amount - expense.amount, 2);

    // Both in the history: money in with +, money out with -.
    await page.getByLabel('Search transactions').fill(tag);
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
    const history = page.getByRole('region', { name: 'Transaction history' });
    await expect(history.getByRole('article')).toHaveCount(2);
    const incomeRow = history.getByRole('article', { name: income.description });
    const expenseRow = history.getByRole('article', { name: expense.description });
    await expect(incomeRow.getByLabel(`Amount +${formatMoney(income.amount)}`)).toHaveText(`+${formatMoney(income.amount)}`);
    await expect(expenseRow.getByLabel(`Amount -${formatMoney(expense.amount)}`)).toHaveText(`-${formatMoney(expense.amount)}`);
    await expect(incomeRow).toContainText('Income');
    await expect(incomeRow).toContainText('Completed');
    await expect(incomeRow).toContainText(`Design Fee · Cash · Ref ${income.reference}`);
    await expect(expenseRow).toContainText('Expense');
    await expect(expenseRow).toContainText(`Material Purchase · Cash · Ref ${expense.reference}`);
    // Newest first.
    await expect(history.getByRole('article').first()).toHaveAccessibleName(expense.description);

    // Reports & Analytics exports the transactions the Transactions tab's filters match.
    await page.getByRole('tab', { name: 'Reports & Analytics' }).click();
    await expect(page).toHaveURL(/tab=reports/);
    const dayBefore = calendarDate();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export transactions' }).click()]);
    const dayAfter = calendarDate();
    expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    expect([`transactions-${dayBefore}.csv`, `transactions-${dayAfter}.csv`]).toContain(download.suggestedFilename());
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines).toHaveLength(3);
    const incomeLine = lines.find((line) => line.includes(income.description));
    expect(incomeLine).toBeDefined();
    expect(incomeLine!.split(',').slice(1)).toEqual(['Income', 'Design Fee', String(income.amount), income.description, 'Completed', '', income.reference]);
    expect(incomeLine!.split(',')[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(lines.some((line) => line.includes(expense.description) && line.includes(String(expense.amount)))).toBe(true);
  });

  test("raises a project's Advance demand and records its payment", async ({ page, baseURL }) => {
    test.setTimeout(60_000);
    const { phone, tag } = unique();
    const budget = 1_250_000;
    const advance = budget * 0.2;
    await signIn(page);
    const headers = writeHeaders(baseURL);
    const customerResponse = await page.request.post('/api/customers', {
      headers,
      data: { firstName: 'Lakshmi', lastName: tag, phone, email: `${tag.toLowerCase()}@example.com`, address: '8 Road No. 12, Jubilee Hills', city: 'Hyderabad', notes: '' },
    });
    expect(customerResponse.status()).toBe(201);
    const customer = (await customerResponse.json()) as Customer;
    const projectName = `${tag} Jubilee Hills duplex`;
    const projectResponse = await page.request.post('/api/projects', {
      headers,
      data: { customerId: customer.id, name: projectName, projectType: '4BHK', estimatedBudget: budget },
    });
    expect(projectResponse.status()).toBe(201);
    const project = (await projectResponse.json()) as Project;
    const incomeBefore = (await summary(page.request)).totalIncome;

    await openFinance(page);
    await page.getByRole('tab', { name: 'Project Budgets' }).click();
    await expect(page).toHaveURL(/tab=projects/);
    // Projects are listed newest first: this one is on the first page.
    const card = page.getByRole('region', { name: 'Project budgets' }).getByRole('article', { name: projectName });
    await expect(card).toContainText(`Budget${formatMoney(budget)}`);
    await expect(card).toContainText(`Income${formatMoney(0)}`);
    await expect(card).toContainText('0.0% margin');
    await card.getByRole('button', { name: 'Payment plan' }).click();
    await expect(page).toHaveURL(new RegExp(`project=${project.id}`));

    const plan = page.getByRole('dialog', { name: `Payment plan: ${projectName}` });
    const stage = plan.getByRole('region', { name: 'Payment stages' }).getByRole('article', { name: 'Advance (20%)' });
    await expect(stage).toContainText('Not demanded');
    await expect(stage).toContainText(`Amount${formatMoney(advance)}`);
    await expect(stage).toContainText(`GST${formatMoney(advance * 0.18)}`);
    await stage.getByRole('button', { name: 'Raise demand' }).click();

    const demand = page.getByRole('dialog', { name: 'Raise demand' });
    await expect(demand).toContainText(`Advance: ${formatMoney(advance)} + GST ${formatMoney(advance * 0.18)}`);
    await demand.getByRole('button', { name: 'Raise demand' }).click();
    await seeToast(page, 'Demand raised', 'Advance: TXN-');
    await expect(demand).toBeHidden();
    await expect(stage).toContainText('Demanded');
    await expect(stage).toContainText(`Received${formatMoney(0)}`);
    // A pending demand is a receivable, not income yet.
    expect((await summary(page.request)).totalIncome).toBeCloseTo(incomeBefore, 2);

    // 'Record payment' (issue 25): half of what is asked first (GST included), then the rest.
    const asked = Math.round(advance * 1.18 * 100) / 100;
    await stage.getByRole('button', { name: 'Record payment' }).click();
    let payment = page.getByRole('dialog', { name: 'Record payment' });
    await expect(payment.getByLabel(/^Amount/)).toHaveValue(String(asked));
    await payment.getByLabel(/^Amount/).fill(String(asked / 2));
    await payment.getByLabel('Reference').fill(`${tag}-UTR1`);
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await seeToast(page, 'Payment recorded', `${formatMoney(asked / 2)} left to pay`);
    await expect(stage).toContainText('Partly received');
    await expect(stage).toContainText(`Received${formatMoney(advance / 2)}`);
    await stage.getByRole('button', { name: 'Record payment' }).click();
    payment = page.getByRole('dialog', { name: 'Record payment' });
    await expect(payment.getByLabel(/^Amount/)).toHaveValue(String(asked / 2));
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await seeToast(page, 'Payment recorded', 'paid in full');
    await expect(stage.getByText('Received', { exact: true }).first()).toBeVisible();
    await expect(stage).toContainText(`Received${formatMoney(advance)}`);
    await expect(stage.getByRole('button', { name: 'Record payment' })).toBeHidden();
    await expect(stage.getByRole('button', { name: 'Raise demand' })).toBeHidden();
    await expect(plan).toContainText(`Income${formatMoney(advance)}`);
    expect((await summary(page.request)).totalIncome).toBeCloseTo(incomeBefore + advance, 2);

    await plan.getByRole('button', { name: 'Close' }).click();
    await expect(plan).toBeHidden();
    await expect(card).toContainText(`Income${formatMoney(advance)}`);
    await expect(card).toContainText('20.0% margin');

    const demands = (await (await page.request.get(`/api/transactions?projectId=${project.id}`)).json()) as { items: Transaction[] };
    expect(demands.items).toHaveLength(1);
    // The Advance stage's demand is an advance (issue 25), with its two payments.
    expect(demands.items[0]).toMatchObject({ type: 'advance', status: 'completed', stageName: 'Advance', amount: advance, projectId: project.id });
    expect(demands.items[0]!.payments.map((p) => p.amount)).toEqual([asked / 2, asked / 2]);
  });

  test('attaches a PDF receipt in the edit dialog, saves the edit all the same, and downloads the receipt', async ({ page }) => {
    test.setTimeout(60_000);
    const { tag } = unique();
    const expense = { type: 'Expense', category: 'Transport Cost', amount: '3250', description: `${tag} tempo to the Gachibowli site`, reference: `${tag}-RCPT` } as const;
    const receipt = Buffer.from(`%PDF-1.4\n% ${tag} receipt\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);

    await signIn(page);
    await openFinance(page);
    await addTransaction(page, expense);
    await page.getByLabel('Search transactions').fill(tag);
    const row = page.getByRole('region', { name: 'Transaction history' }).getByRole('article', { name: expense.description });
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Transaction' });
    const attachments = dialog.getByRole('region', { name: 'Attachments' });
    await attachments.locator('input[type=file]').setInputFiles({ name: `${tag} tempo receipt.pdf`, mimeType: 'application/pdf', buffer: receipt });
    await seeToast(page, 'Attachment added', `${tag} tempo receipt.pdf`);
    await expect(attachments.getByRole('list', { name: 'Transaction attachments' }).getByRole('listitem')).toHaveCount(1);

    // Attaching did not make this dialog's own edit stale.
    await dialog.getByLabel(/^Description/).fill(`${expense.description} (return trip)`);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await seeToast(page, 'Transaction updated successfully', '(return trip)');
    await expect(dialog).toBeHidden();

    await row.getByRole('button', { name: 'Edit' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), attachments.getByRole('link', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe(`${tag} tempo receipt.pdf`);
    expect(await readFile(await download.path())).toEqual(receipt);
  });

  test('the Transactions tab fits a phone screen', async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { tag } = unique();
    const headers = writeHeaders(baseURL);
    const signedIn = await page.request.post('/api/auth/login', { headers, data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
    expect(signedIn.status()).toBe(200);
    const description = `${tag} A rather long description of a contractor payment for the modular kitchen and the false ceiling`;
    const created = await page.request.post('/api/transactions', {
      headers,
      data: { type: 'expense', category: 'contractor_payment', amount: 1_234_567.89, taxAmount: 222_222.22, description, status: 'completed', referenceNumber: `${tag}-CHQ-000123456789` },
    });
    expect(created.status()).toBe(201);

    await page.goto(`/admin/finance?q=${tag}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Enhanced Finance Management' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Transactions' })).toHaveAttribute('aria-selected', 'true');
    const row = page.getByRole('region', { name: 'Transaction history' }).getByRole('article', { name: description });
    const amount = row.getByLabel(`Amount -${formatMoney(1_234_567.89)}`);
    await expect(amount).toBeVisible();
    await expect(cardValue(page, 'Total Income')).toBeVisible();
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner + 1);
    // The amount is below the cards: once scrolled to, all of it is on screen (not clipped at the right edge).
    await amount.scrollIntoViewIfNeeded();
    await expect(amount).toBeInViewport({ ratio: 1 });
    // From the top, so the sticky app bar sits where a person sees it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByRole('button', { name: 'Add Transaction' })).toBeInViewport();
    await page.screenshot({ path: PHONE_SCREENSHOT, fullPage: true });
  });
});
