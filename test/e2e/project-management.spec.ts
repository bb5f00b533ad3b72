import { deflateSync } from 'node:zlib';
import type { Lead } from '@app/shared-types/leads';
import { choose, expect, test } from './fixtures';
import { seeToast, signIn, unique } from './portal';

/** CRC-32 of a PNG chunk (type and data). */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A real PNG photo (a warm gradient, `width` x `height`) the browser can decode and scale. */
function pngPhoto(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) rows.set([180 + (x % 60), 120 + (y % 90), 80], row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.describe('project management', () => {
  test('a Won lead becomes a customer and a project, which gets a photo and shows on the website', async ({ page, baseURL }) => {
    const { phone, tag } = unique('9');
    await signIn(page, '/admin/leads');
    // The lead comes in through the API the portal uses (same session); the journey is what follows.
    const created = await page.request.post('/api/leads', {
      headers: { origin: new URL(baseURL!).origin },
      data: { name: `Kavya ${tag}`, phone, status: 'Won', projectType: '3BHK', budget: 2400000, location: 'Tellapur' },
    });
    expect(created.status()).toBe(201);
    const lead = (await created.json()) as Lead;

    // Convert it: customer prefilled from the lead, a first project named here.
    await page.goto(`/admin/leads?lead=${lead.id}`);
    const drawer = page.getByRole('dialog', { name: `Kavya ${tag}` });
    await drawer.getByRole('button', { name: 'Convert to customer' }).click();
    const convert = page.getByRole('dialog', { name: 'Convert to customer' });
    await expect(convert.getByRole('textbox', { name: 'First name' })).toHaveValue('Kavya');
    await convert.getByRole('textbox', { name: 'Project name' }).fill(`Tellapur home ${tag}`);
    await convert.getByRole('button', { name: 'Convert' }).click();
    await seeToast(page, 'Lead converted', `Customer Kavya ${tag} and project 'Tellapur home ${tag}' created`);
    await expect(drawer.getByRole('link', { name: `Kavya ${tag}` })).toBeVisible();

    // The lead links to the project, which opens in Project Management.
    await drawer.getByRole('link', { name: `Tellapur home ${tag}` }).click();
    await expect(page).toHaveURL(/\/admin\/projects\?project=/);
    const projectId = new URL(page.url()).searchParams.get('project')!;
    const dialog = page.getByRole('dialog', { name: 'Edit Project' });
    await expect(dialog.getByRole('textbox', { name: 'Project Name' })).toHaveValue(`Tellapur home ${tag}`);

    // A photo: scaled in the browser, uploaded, checked by the server.
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'living-room.png', mimeType: 'image/png', buffer: pngPhoto(1700, 1100) });
    await seeToast(page, 'Photo added', `Tellapur home ${tag}`);
    await expect(dialog.getByRole('list', { name: 'Project photos' }).getByRole('listitem')).toHaveCount(1);

    // On the website, finished, under its public title.
    await dialog.getByLabel('Show on website').check();
    await dialog.getByRole('textbox', { name: 'Public Title' }).fill(`Tellapur Family Home ${tag}`);
    await dialog.getByRole('textbox', { name: 'Area' }).fill('2,100 sq ft');
    await choose(page, 'Public Status', 'Finished', dialog);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await seeToast(page, 'Project updated successfully!', `Tellapur home ${tag}`);

    await page.goto('/projects?status=finished');
    const card = page.getByRole('article', { name: `Tellapur Family Home ${tag}` });
    await expect(card).toBeVisible();
    await expect(card.getByText('3BHK • 2,100 sq ft')).toBeVisible();
    const image = card.getByRole('img', { name: `Tellapur Family Home ${tag}` });
    await expect(image).toHaveAttribute('src', /^\/uploads\/projects\/.+-1600\.jpg$/);
    await expect(image).toHaveAttribute('srcset', /-480\.jpg 480w, .+-960\.jpg 960w, .+-1600\.jpg 1600w$/);
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // Only under its own filter.
    await page.getByRole('button', { name: 'Ongoing' }).click();
    await expect(page).toHaveURL(/status=ongoing/);
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('article', { name: `Tellapur Family Home ${tag}` })).toHaveCount(0);

    // Leave the website as the other journeys expect it (the sample projects only).
    const removed = await page.request.delete(`/api/projects/${projectId}`, { headers: { origin: new URL(baseURL!).origin, 'x-requested-with': 'fetch' } });
    expect(removed.status()).toBe(200);
  });
});
