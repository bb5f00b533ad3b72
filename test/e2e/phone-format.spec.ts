import { expect, test } from './fixtures';
import { signIn, unique } from './portal';

test.describe('phone numbers', () => {
  test("show as '+91 98765 43210' on the dashboard's new-leads card, whatever was typed (bug 4)", async ({ page, baseURL }) => {
    await signIn(page);
    const { tag } = unique();
    const created = await page.request.post('/api/leads', {
      headers: { origin: new URL(baseURL!).origin },
      data: { name: `Phone ${tag}`, phone: '9876543210', source: 'Referral' },
    });
    expect(created.status()).toBe(201);
    await page.reload();
    const card = page.getByRole('region', { name: 'New leads' });
    const row = card.getByRole('listitem').filter({ hasText: `Phone ${tag}` });
    await expect(row).toContainText('+91 98765 43210');
    await expect(row).not.toContainText('9876543210');
  });
});
