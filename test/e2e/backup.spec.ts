import type { BackupJob } from '@app/shared-types/backup';
import type { Vendor } from '@app/shared-types/vendors';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { E2E_ADMIN } from './global-setup';
import { seeToast, signIn, toast, unique } from './portal';

/** A same-origin JSON request from the signed-in page, as the portal sends it (the CSRF guard asks for the Origin). */
async function api<T>(page: Page, method: 'POST' | 'PUT', path: string, data: unknown): Promise<T> {
  const origin = new URL(page.url()).origin;
  const response = await page.request.fetch(path, { method, data, headers: { origin, 'content-type': 'application/json' } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

async function findVendor(page: Page, tag: string) {
  await page.goto(`/admin/vendors?q=${tag}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Vendor Management' })).toBeVisible();
}

test.describe('backup and restore', () => {
  test('the superadmin makes a backup, renames a vendor, restores the backup through the confirmation and sees the old name back', async ({ page }) => {
    test.setTimeout(90_000);
    const { phone, tag } = unique('6', 'E2EB');
    const before = `${tag} Charminar Marble`;
    const after = `${tag} Renamed After Backup`;
    await signIn(page);
    const vendor = await api<Vendor>(page, 'POST', '/api/vendors', { name: before, category: 'furniture', phone });

    await page.goto('/admin/settings?tab=system');
    const panel = page.getByRole('heading', { name: 'Backups', exact: true }).locator('xpath=ancestor::div[contains(@class,"MuiCard-root")]');
    // A scheduled backup may be running since the server started: the button waits until it is enabled.
    await panel.getByRole('button', { name: 'Backup Now' }).click();
    await seeToast(page, 'Database backup initiated successfully', '');
    const newest = panel.getByRole('list', { name: 'Backups' }).getByRole('listitem').first();
    await expect(newest).toContainText('Backup');
    await expect(newest).toContainText('Done', { timeout: 20_000 });
    await expect(newest).toContainText(/\d[\d,]* items · [\d.]+ (B|KB|MB)/);

    await api<Vendor>(page, 'PUT', `/api/vendors/${vendor.id}`, { ...vendor, name: after });
    await findVendor(page, tag);
    await expect(page.getByRole('article', { name: after })).toBeVisible();

    await page.goto('/admin/settings?tab=system');
    const backupRow = panel.getByRole('list', { name: 'Backups' }).getByRole('listitem').filter({ hasText: 'Done' }).first();
    await backupRow.getByRole('button', { name: /^Restore the backup of/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('replaces the current business data');
    const confirm = dialog.getByRole('button', { name: 'Restore Backup' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type RESTORE to confirm').fill('RESTORE');
    await confirm.click();
    await expect(toast(page, 'status', 'Restore started')).toBeVisible();
    await expect(toast(page, 'status', 'Backup restored')).toBeVisible({ timeout: 30_000 });
    const restoreRow = panel.getByRole('list', { name: 'Backups' }).getByRole('listitem').first();
    await expect(restoreRow).toContainText('Restore');
    await expect(restoreRow).toContainText('Done');

    await findVendor(page, tag);
    await expect(page.getByRole('article', { name: before })).toBeVisible();
    await expect(page.getByRole('article', { name: after })).toHaveCount(0);
    // Still signed in (the session was not part of the backup), and the audit log records the restore:
    // its row names the backup restored (the restore job's source), the action, and who did it.
    const jobs = await page.request.get('/api/settings/backups');
    expect(jobs.status()).toBe(200);
    const restore = ((await jobs.json()) as { items: BackupJob[] }).items.find((job) => job.kind === 'restore');
    expect(restore).toMatchObject({ status: 'succeeded', sourceId: expect.any(String) });
    await page.goto('/admin/audit?entity=Backup');
    const row = page.getByRole('table', { name: 'Audit entries' }).getByRole('row').filter({ hasText: restore!.sourceId! });
    await expect(row).toHaveCount(1);
    const cells = row.getByRole('cell');
    await expect(cells.nth(2)).toContainText(E2E_ADMIN.name);
    await expect(cells.nth(3)).toHaveText(`Backup${restore!.sourceId!}`);
    await expect(cells.nth(4)).toHaveText('Backup restored');
  });
});
