import { expect, test } from './fixtures';

test('the filters on /projects change the cards, and View Details opens a project', async ({ page }) => {
  await page.goto('/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Projects' })).toBeVisible();
  const cards = page.getByRole('link', { name: 'View Details' });
  await expect(cards).toHaveCount(8);
  for (const name of ['All Projects', 'Finished', 'Ongoing', 'Upcoming']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  }

  await page.getByRole('button', { name: 'Finished', exact: true }).click();
  await expect(cards).toHaveCount(3);
  await expect(page.getByRole('heading', { name: 'Jubilee Hills Villa' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'HITEC City Tech Office' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Upcoming', exact: true }).click();
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole('heading', { name: 'Kokapet 4BHK Residence' })).toBeVisible();
  await expect(page.getByText('4BHK • 2,900 sq ft')).toBeVisible();

  await page.getByRole('button', { name: 'Ongoing', exact: true }).click();
  await expect(cards).toHaveCount(3);
  await page.reload();
  await expect(cards).toHaveCount(3);

  await page.getByRole('button', { name: 'All Projects', exact: true }).click();
  await expect(cards).toHaveCount(8);

  await page.locator('a[href="/projects/banjara-hills-penthouse"]').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Banjara Hills Penthouse' })).toBeVisible();
  await expect(page.getByText('Banjara Hills, Hyderabad').first()).toBeVisible();
  await expect(page.getByText('3,800 sq ft').first()).toBeVisible();
});

test('project images on the card are 256 px high', async ({ page }) => {
  await page.goto('/projects');
  const image = page.getByRole('img', { name: 'Jubilee Hills Villa' }).first();
  await expect(image).toBeVisible();
  expect((await image.boundingBox())?.height).toBe(256);
});
