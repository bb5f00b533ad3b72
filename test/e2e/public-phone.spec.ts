import { expect, test } from './fixtures';

/**
 * Issue 25, the public site on a phone (390 px): the home page's reels scroll sideways, the
 * WhatsApp button never covers the page's last lines, the calculator starts quiet, and the
 * service blurbs are SPEC.md's words in SPEC.md's case.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('the three reels are one sideways scroller, not a column of tall posters', async ({ page }, testInfo) => {
  await page.goto('/');
  const scroller = page.getByRole('region', { name: 'Instagram reels' });
  await scroller.scrollIntoViewIfNeeded();
  await expect(scroller.getByRole('link', { name: /^Watch reel \d of our interiors on Instagram$/ })).toHaveCount(3);
  const box = await scroller.boundingBox();
  // One reel high (a 9:16 poster about 300 px wide), not three stacked (about 2,000 px and more).
  expect(box?.height).toBeLessThan(700);
  const { scrollWidth, clientWidth } = await scroller.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
  expect(scrollWidth).toBeGreaterThan(clientWidth * 2);
  // The page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  // The keyboard scrolls it too.
  await scroller.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  await page.screenshot({ path: testInfo.outputPath('home-reels-phone.png') });
});

test('the WhatsApp button leaves the end of every page uncovered', async ({ page }, testInfo) => {
  for (const path of ['/', '/blog/modern-3bhk-makeover', '/contact']) {
    await page.goto(path);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const fab = await page.getByRole('link', { name: 'Chat on WhatsApp' }).last().boundingBox();
    // The last line of the footer (its lowest text), once the page is scrolled to its end.
    const lastLineBottom = await page.locator('footer').evaluate((footer) => {
      const texts = Array.from(footer.querySelectorAll('p, a, span, h2, li')).filter((element) => element.textContent?.trim());
      return Math.max(...texts.map((element) => element.getBoundingClientRect().bottom));
    });
    expect(fab, path).not.toBeNull();
    expect(lastLineBottom, path).toBeLessThanOrEqual(fab?.y ?? 0);
  }
  await page.screenshot({ path: testInfo.outputPath('whatsapp-phone.png') });
});

test('the calculator starts with Carpet Area empty and shows no message until the first submit', async ({ page }, testInfo) => {
  await page.goto('/calculator');
  const area = page.getByLabel('Carpet Area (sq ft)');
  await expect(area).toHaveValue('');
  // Through every field with the keyboard, typing and erasing, and out again.
  await area.fill('5');
  await area.fill('');
  for (const label of ['Full Name', 'Phone Number', 'Email Address', 'City']) {
    await page.getByLabel(label).click();
    await page.keyboard.type('a');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Tab');
  }
  await page.getByRole('heading', { level: 1, name: 'Get Your Free Estimate' }).click();
  await expect(page.locator('form [aria-invalid="true"]')).toHaveCount(0);
  await expect(page.locator('form .Mui-error')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('calculator-phone.png'), fullPage: true });

  await page.getByRole('button', { name: 'Get My Quote & Schedule Consultation' }).click();
  await expect(page.getByText('Carpet area is required')).toBeVisible();
  await expect(page.getByText('Full name is required')).toBeVisible();
});

test("the services' blurbs are SPEC.md's words in SPEC.md's case", async ({ page }) => {
  await page.goto('/services');
  const blurb = page.getByText('elegant, functional home interiors', { exact: true });
  await expect(blurb).toBeVisible();
  expect(await blurb.evaluate((element) => getComputedStyle(element, '::first-letter').textTransform)).toBe('none');
  expect(await blurb.evaluate((element) => (element as HTMLElement).innerText)).toBe('elegant, functional home interiors');
  await page.goto('/services/residential-design');
  const detail = page.getByText('elegant, functional home interiors', { exact: true });
  expect(await detail.evaluate((element) => getComputedStyle(element, '::first-letter').textTransform)).toBe('none');
});
