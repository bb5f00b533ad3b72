import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createCustomer } from '@app/functions/customers/customer-repo';
import { systemContext } from '@app/functions/db/entity';
import { addProjectPhoto, createProject } from '@app/functions/projects/project-repo';
import { projectCreateSchema } from '@app/shared-types/projects';
import { e2eDb, expect, test } from './fixtures';
import { unique } from './portal';

/**
 * Issue 25: the website's project page shows every photo as a gallery (Previous/Next, the
 * arrow keys, Home and End, a swipe on a touch screen, its position announced) and three
 * related projects, its own category first. At 1366 px and 390 px.
 */

const DRAWINGS = ['madhapur-cafe', 'hitech-city-office', 'financial-district-clinic', 'banjara-hills-penthouse'];

/** A website project in the Commercial category with four photos; its address and title. */
async function projectWithPhotos(): Promise<{ path: string; title: string }> {
  const db = e2eDb();
  const { phone, tag } = unique('8');
  const ctx = systemContext(new Date().toISOString());
  const customer = await createCustomer(db, { firstName: `${tag} Gallery`, lastName: 'Client', phone, email: '', address: '', city: 'Hyderabad', notes: '' }, ctx);
  const title = `${tag} Boutique Studio`;
  const input = projectCreateSchema.validateSync({
    customerId: customer.id,
    name: title,
    projectType: 'Commercial',
    title,
    description: 'A boutique studio with a gallery of four photos.',
    category: 'Commercial',
    area: '1,200 sq ft',
    location: 'Kondapur, Hyderabad',
    publicStatus: 'finished',
    showOnWebsite: true,
  });
  const made = await createProject(db, input, ctx);
  if (!('project' in made)) throw new Error('the gallery project was not created');
  for (const drawing of DRAWINGS) {
    const added = await addProjectPhoto(db, made.project.id, { id: randomUUID(), url: `/images/projects/${drawing}.svg`, copies: [], aspectRatio: 3 / 2 }, ctx);
    expect(added).toBe('added');
  }
  return { path: `/projects/${made.project.slug}`, title };
}

const position = (page: Page) => page.getByText(/^Photo \d of 4$/);

for (const size of [
  { name: 'desktop', width: 1366, height: 900, touch: false },
  { name: 'phone', width: 390, height: 844, touch: true },
]) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, hasTouch: size.touch, isMobile: size.touch });

    test('every photo in a gallery: buttons, arrow keys, thumbnails and swipe; three related projects, its category first', async ({ page }, testInfo) => {
      const { path, title } = await projectWithPhotos();
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

      const gallery = page.getByRole('region', { name: `Photos of ${title}` });
      const large = gallery.getByRole('img', { name: new RegExp(`^${title}, photo \\d of 4$`) });
      await expect(position(page)).toHaveText('Photo 1 of 4');
      await expect(large).toHaveAttribute('alt', `${title}, photo 1 of 4`);
      await expect(large).toHaveAttribute('src', '/images/projects/madhapur-cafe.svg');
      await expect(gallery.getByRole('button', { name: /^Show photo \d of 4$/ })).toHaveCount(4);

      await gallery.getByRole('button', { name: 'Next photo' }).click();
      await expect(position(page)).toHaveText('Photo 2 of 4');
      await expect(large).toHaveAttribute('src', '/images/projects/hitech-city-office.svg');

      // The keyboard: the large photo is focusable and says how to use it.
      const stage = gallery.getByRole('group', { name: /^Photo \d of 4\. Use the left and right arrow keys/ });
      await stage.focus();
      await page.keyboard.press('ArrowRight');
      await expect(position(page)).toHaveText('Photo 3 of 4');
      await page.keyboard.press('End');
      await expect(position(page)).toHaveText('Photo 4 of 4');
      await page.keyboard.press('ArrowRight');
      await expect(position(page)).toHaveText('Photo 1 of 4');
      await page.keyboard.press('ArrowLeft');
      await expect(position(page)).toHaveText('Photo 4 of 4');
      await page.keyboard.press('Home');
      await expect(position(page)).toHaveText('Photo 1 of 4');
      await expect(stage).toBeFocused();

      await gallery.getByRole('button', { name: 'Show photo 3 of 4' }).click();
      await expect(position(page)).toHaveText('Photo 3 of 4');
      await expect(gallery.getByRole('button', { name: 'Show photo 3 of 4' })).toHaveAttribute('aria-current', 'true');
      await gallery.getByRole('button', { name: 'Previous photo' }).click();
      await expect(position(page)).toHaveText('Photo 2 of 4');

      if (size.touch) {
        // A finger moving left shows the next photo, moving right the previous one; a vertical move scrolls.
        await stage.scrollIntoViewIfNeeded();
        const box = await stage.boundingBox();
        if (!box) throw new Error('no gallery stage');
        const cdp = await page.context().newCDPSession(page);
        const swipe = async (fromX: number, toX: number) => {
          const y = box.y + box.height / 2;
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
          for (let step = 1; step <= 5; step++) {
            await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: fromX + ((toX - fromX) * step) / 5, y }] });
          }
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        };
        await swipe(box.x + box.width * 0.8, box.x + box.width * 0.2);
        await expect(position(page)).toHaveText('Photo 3 of 4');
        await swipe(box.x + box.width * 0.2, box.x + box.width * 0.8);
        await swipe(box.x + box.width * 0.2, box.x + box.width * 0.8);
        await expect(position(page)).toHaveText('Photo 1 of 4');
      }

      const related = page.getByRole('region', { name: 'Related projects' });
      const cards = related.getByRole('article');
      await expect(cards).toHaveCount(3);
      await expect(cards.first()).toContainText('Commercial •');
      await expect(cards.filter({ hasText: title })).toHaveCount(0);
      await expect(related.getByRole('heading', { level: 3 })).toHaveCount(3);

      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: testInfo.outputPath(`gallery-${size.name}.png`), fullPage: true });

      // A related project's page opens at its first photo.
      await cards.first().getByRole('link', { name: 'View Details' }).click();
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(title);
      await expect(page.getByRole('region', { name: 'Related projects' }).getByRole('article')).toHaveCount(3);
    });
  });
}
