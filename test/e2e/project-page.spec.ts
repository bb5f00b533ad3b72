import { expect, test } from './fixtures';
import { E2E_ADMIN } from './global-setup';
import { unique } from './portal';

/**
 * Issue 25: the portal's project page (/admin/projects/:id), opened from the project's card:
 * details, photos, customer, quotes, the payment plan with its demands and payments, and the
 * transactions, each a section. At 1366 px and 390 px.
 */

for (const size of [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("a card opens the project's page with its details, photos, customer, quotes, payment plan and transactions", async ({ page, baseURL }, testInfo) => {
      const headers = { origin: new URL(baseURL ?? '').origin };
      // Signed in through the API (its cookie is the page's): a busy machine's 503 is tried again.
      await expect(async () => {
        const login = await page.request.post('/api/auth/login', { headers, data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
        expect(login.status()).toBe(200);
      }).toPass({ timeout: 30_000 });
      const { phone, tag } = unique('9');
      // A quote approved in the portal makes the project, its customer and the advance demand.
      const created = await page.request.post('/api/quotations', {
        headers,
        data: {
          title: `${tag} Residence`,
          clientDetails: { name: `${tag} Client`, phone, projectType: '3BHK' },
          rows: [{ usageArea: 'Living', item: 'TV Unit', unit: 'QTY', quantity: 2, unitPrice: 50000 }],
        },
      });
      expect(created.status()).toBe(201);
      const quote = (await created.json()) as { id: string; version: number; quotationNumber: string };
      const approved = await page.request.post(`/api/quotations/${quote.id}/approve`, { headers, data: { version: quote.version } });
      expect(approved.status()).toBe(200);
      const { projectId } = (await approved.json()) as { projectId: string };

      await page.goto(`/admin/projects?q=${encodeURIComponent(tag)}`);
      const card = page.getByRole('article', { name: `${tag} Residence` });
      await expect(card).toBeVisible();
      await card.getByRole('link', { name: `${tag} Residence` }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/projects/${projectId}$`));
      await expect(page.getByRole('heading', { level: 1, name: `${tag} Residence` })).toBeVisible();

      const section = (name: string) => page.getByRole('region', { name, exact: true });
      await expect(section('Details')).toContainText('3BHK');
      await expect(section('Details')).toContainText('Budget');
      await expect(section('Photos (0)')).toBeVisible();
      await expect(section('Customer')).toContainText(`${tag} Client`);
      await expect(section('Quotes')).toContainText(quote.quotationNumber);
      await expect(section('Quotes')).toContainText('Approved');

      const plan = section('Payment plan');
      const stages = plan.getByRole('list', { name: 'Payment stages' }).getByRole('listitem');
      await expect(stages.first()).toContainText('Advance (20%)');
      await expect(stages.first()).toContainText('Demanded');
      expect(await stages.count()).toBeGreaterThan(1);
      await expect(section('Transactions').getByRole('article')).toHaveCount(1);
      await expect(section('Transactions')).toContainText('Advance');

      // The section links go to their sections.
      await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Transactions' }).click();
      await expect(page).toHaveURL(/#transactions$/);
      await expect(section('Transactions')).toBeInViewport();

      // Demands and payments open the plan's dialog.
      await plan.getByRole('button', { name: 'Demands and payments' }).click();
      const dialog = page.getByRole('dialog', { name: `Payment plan: ${tag} Residence` });
      await expect(dialog.getByRole('button', { name: 'Record payment' })).toBeVisible();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();

      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: testInfo.outputPath(`project-page-${size.name}.png`), fullPage: true });
      // The quote opens in the Quotation Builder.
      await section('Quotes').getByRole('link', { name: quote.quotationNumber }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/quotations\\?quote=${quote.id}$`));
    });
  });
}
