import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The public pages arrive rendered from the server (functions/src/site/pages-routes.ts,
 * web/src/entry-server.tsx) and React hydrates their islands in the browser (web/src/lib/island.tsx):
 * with the server's data (no second request), no mismatch, and working handlers.
 */

/** Any console message of React's about hydration (dev text, or the production error numbers). */
const HYDRATION = /hydrat|mismatch|did not match|#418|#419|#421|#422|#423|#425/i;

function collectConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

test.describe('server-rendered pages in Chromium', () => {
  for (const path of ['/', '/projects', '/projects/jubilee-hills-villa', '/services', '/services/residential-design', '/blog', '/blog/modern-3bhk-makeover', '/calculator', '/contact']) {
    test(`${path} hydrates with no hydration warning and no first-data request`, async ({ page }) => {
      const messages = collectConsole(page);
      const apiReads: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        // A public form's token (GET /api/form-token) is not page data: each view gets its own, never rendered in.
        if (request.method() === 'GET' && pathname.startsWith('/api/') && pathname !== '/api/form-token') apiReads.push(request.url());
      });
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      // The server's HTML already holds the page's heading, before any script ran.
      expect(await response?.text()).toContain('<h1');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // The islands whose code waits for a first touch (the forms, the projects' filter) hydrated too, as a visitor's touch would.
      const touched = await page.locator('[data-hydrate="interaction"]:not([data-island="site-menu"])').evaluateAll((islands) => {
        for (const island of islands) island.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
        return islands.map((island) => island.getAttribute('data-island'));
      });
      // Hydrated: React has taken over each one's rendered element.
      for (const name of touched) {
        await expect
          .poll(() => page.locator(`[data-island="${name}"] > *`).first().evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'))))
          .toBe(true);
      }
      expect(messages.filter((message) => HYDRATION.test(message))).toEqual([]);
      // The data the server rendered from went with the page: nothing is read again on load.
      expect(apiReads).toEqual([]);
    });
  }

  test("a page without an image of its own shares the firm's card, a 1200x630 PNG the site serves, with its size and alt text", async ({ page }) => {
    const html = await (await page.request.get('/services')).text();
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(image).toMatch(/^https?:\/\/[^/]+\/images\/share-card\.png$/);
    expect(html).toContain('<meta property="og:image:width" content="1200"/>');
    expect(html).toContain('<meta property="og:image:height" content="630"/>');
    expect(html).toMatch(/<meta property="og:image:alt" content="[^"]+"\/>/);
    // Served at that path (here by the local host; deployed, /images/* comes from the site bucket).
    const file = await page.request.get(new URL(image).pathname);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    const png = await file.body();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  test('/projects: the list is not fetched again after hydration, and the filter then works in the browser', async ({ page }) => {
    const projectReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/projects') projectReads.push(request.url());
    });
    await page.goto('/projects');
    await expect(page.getByText('Jubilee Hills Villa').first()).toBeVisible();
    expect(projectReads).toEqual([]);
    // Another filter is another query: the browser asks for it.
    await page.getByRole('button', { name: 'Ongoing', exact: true }).click();
    await expect(page).toHaveURL(/status=ongoing/);
    await expect.poll(() => projectReads.length).toBe(1);
  });

  test("a header link loads its page rendered from the server: the page around the islands is static HTML", async ({ page }) => {
    const messages = collectConsole(page);
    await page.goto('/');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const rendered = page.waitForResponse((response) => new URL(response.url()).pathname === '/blog' && response.request().resourceType() === 'document');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    expect((await rendered).status()).toBe(200);
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBeUndefined();
    expect(messages.filter((message) => HYDRATION.test(message))).toEqual([]);
  });

  test('the calculator works once hydrated: an empty submit shows the field messages', async ({ page }) => {
    await page.goto('/calculator');
    await page.getByRole('button', { name: 'Get My Quote & Schedule Consultation' }).click();
    await expect(page.getByText('Property type is required')).toBeVisible();
    await expect(page).toHaveURL(/\/calculator$/);
  });

  test('an unknown project answers 404 with the site around it, and hydrates as such', async ({ page, consoleErrors }) => {
    const messages = collectConsole(page);
    const response = await page.goto('/projects/no-such-project');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Project not found.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'See all projects' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    expect(messages.filter((message) => HYDRATION.test(message))).toEqual([]);
    // The browser reports the page's 404 answer; that answer is the point here.
    const refused = consoleErrors.findIndex((error) => error.includes('status of 404') && error.endsWith('/projects/no-such-project)'));
    expect(refused).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(refused, 1);
  });
});
