import { expect, test } from './fixtures';

const NAV = ['Home', 'Projects', 'Services', 'Blog', 'Calculator', 'Contact'];

test.describe('public pages', () => {
  test('home shows the hero, expertise and reels, with WhatsApp links', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Crafting Spaces That Inspire' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Free Estimate' })).toHaveAttribute('href', '/calculator');
    const whatsapp = page.getByRole('link', { name: 'Chat on WhatsApp' });
    await expect(whatsapp.first()).toHaveAttribute('href', /^https:\/\/wa\.me\/919848012345/);
    await expect(page.getByRole('heading', { name: 'Our Expertise' })).toBeVisible();
    for (const card of ['Residential Design', 'Commercial Spaces', 'Design Consultation']) {
      await expect(page.getByRole('heading', { name: card })).toBeVisible();
    }
    const reels = page.getByRole('heading', { name: 'See Our Work in Action' });
    await reels.scrollIntoViewIfNeeded();
    await expect(page.locator('blockquote.instagram-media')).toHaveCount(3);
    // The embed script is blocked here (no third parties): the page still works.
    await page.waitForTimeout(500);
    await expect(page.getByRole('heading', { level: 1, name: 'Crafting Spaces That Inspire' })).toBeVisible();
  });

  test('header and footer link every page, the services and the admin panel', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    for (const name of NAV) await expect(header.getByRole('link', { name, exact: true })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    for (const name of NAV) await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
    for (const slug of ['residential-design', 'commercial-spaces', 'design-consultation', 'project-management']) {
      await expect(footer.locator(`a[href="/services/${slug}"]`)).toBeVisible();
    }
    await expect(footer.getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
    await expect(page.getByRole('link', { name: 'Chat on WhatsApp' }).last()).toBeVisible();
  });

  test('services lists the four services with their blurbs and detail pages', async ({ page }) => {
    await page.goto('/services');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Services' })).toBeVisible();
    for (const blurb of [
      'elegant, functional home interiors',
      'offices, retail and hospitality fit-outs',
      'expert advice, styles and material selection',
      'end-to-end execution on time and on budget',
    ]) {
      await expect(page.getByText(blurb, { exact: false }).first()).toBeVisible();
    }
    await expect(page.getByRole('link', { name: /Learn more/ })).toHaveCount(4);
    await page.locator('a[href="/services/project-management"]').filter({ hasText: 'Learn more' }).click();
    await expect(page).toHaveURL(/\/services\/project-management$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Project Management' })).toBeVisible();
  });

  test('blog lists both posts under the firm name and renders a post', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1, name: 'Kaveri Design Studio Blog' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'A Modern 3BHK Makeover in Gachibowli' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Workspace Lighting Tips for Focus and Comfort' })).toBeVisible();
    await expect(page.getByText('5 June 2024')).toBeVisible();
    await expect(page.getByText('20 May 2024')).toBeVisible();
    await page.locator('a[href="/blog/workspace-lighting-tips"]').filter({ hasText: 'Read more' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Workspace Lighting Tips for Focus and Comfort' })).toBeVisible();
    await expect(page.getByText('Daylight from the side.')).toBeVisible();
    await expect(page).toHaveTitle(/Workspace Lighting Tips/);
  });

  test('contact shows the office details, hours and the message form', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByText('Jubilee Hills, Hyderabad', { exact: false }).first()).toBeVisible();
    await expect(page.locator('a[href^="tel:"]').first()).toBeVisible();
    await expect(page.locator('a[href="mailto:hello@kaveridesign.studio"]').first()).toBeVisible();
    await expect(page.getByText('Mon-Sat')).toBeVisible();
    await expect(page.getByText('By appointment')).toBeVisible();
    for (const label of ['First Name', 'Last Name', 'Email Address', 'Phone Number', 'Project Type', 'Message']) {
      await expect(page.getByLabel(label, { exact: false }).first()).toBeVisible();
    }
    await page.getByRole('link', { name: 'Open in Google Maps' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('link', { name: 'Open in Google Maps' })).toBeVisible();
  });

  test('an unknown route says Page not found. with a link home', async ({ page, consoleErrors }) => {
    const response = await page.goto('/no/such/page');
    // A real 404 status (rendered on the server), which the browser reports; that answer is the point here.
    expect(response?.status()).toBe(404);
    const refused = consoleErrors.findIndex((error) => error.includes('status of 404') && error.endsWith('/no/such/page)'));
    expect(refused).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(refused, 1);
    await expect(page.getByText('Page not found.')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: /home/i }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('every public page has its own title', async ({ page }) => {
    const titles = new Set<string>();
    for (const path of ['/', '/projects', '/services', '/blog', '/calculator', '/contact']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      titles.add(await page.title());
    }
    expect(titles.size).toBe(6);
  });
});

test.describe('on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the menu opens the navigation and nothing scrolls sideways', async ({ page }) => {
    for (const path of ['/', '/projects', '/calculator', '/contact', '/blog', '/services']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
    }
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    // The drawer is a chunk of its own: wait for its navigation, not any 'Projects' link (the footer's is behind the backdrop).
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Projects', exact: true }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Our Projects' })).toBeVisible();
  });
});

test("the website and the portal hand over: the footer's Admin Panel opens the portal, the quotation page's header a rendered page", async ({ page, consoleErrors }) => {
  // The website (site.html) has no portal route: the link loads the portal's document.
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Admin Panel' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('button', { name: 'Access Admin Portal' })).toBeVisible();

  // The quotation link is the portal's (index.html) in the site's chrome; its header's links load the website's pages from the server.
  await page.goto('/q/no-such-quotation-token-e2e');
  await expect(page.getByRole('heading', { name: 'Link not valid' })).toBeVisible();
  const rendered = page.waitForResponse((response) => new URL(response.url()).pathname === '/projects' && response.request().resourceType() === 'document');
  await page.getByRole('banner').getByRole('link', { name: 'Projects', exact: true }).click();
  expect((await rendered).status()).toBe(200);
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Our Projects' })).toBeVisible();
  // The unknown link's API answer (404) is the browser's console error; that answer is the point there.
  const refused = consoleErrors.findIndex((error) => error.includes('status of 404') && error.includes('/api/quote-links/'));
  expect(refused).toBeGreaterThanOrEqual(0);
  consoleErrors.splice(refused, 1);
});

test('the local host answers SPA routes with the app, and missing assets and API paths with 404', async ({ request }) => {
  const page = await request.get('/projects/jubilee-hills-villa');
  expect(page.status()).toBe(200);
  expect(page.headers()['content-type']).toContain('text/html');
  const asset = await request.get('/assets/missing-chunk.js');
  expect(asset.status()).toBe(404);
  expect(await asset.json()).toEqual({ error: 'Not found' });
  const api = await request.get('/api/no-such-thing');
  expect(api.status()).toBe(404);
});

test('the built scripts are public, their source maps and the server renderer are not', async ({ request }) => {
  for (const path of ['/', '/admin/login']) {
    const html = await (await request.get(path)).text();
    const scripts = [...html.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const script of scripts) {
      const code = await request.get(script);
      expect(code.status(), script).toBe(200);
      expect(await code.text(), script).not.toContain('sourceMappingURL');
      expect((await request.get(`${script}.map`)).status(), `${script}.map`).toBe(404);
    }
  }
  expect((await request.get('/server/entry-server.js')).status()).toBe(404);
  expect((await request.get('/server/entry-server.js.map')).status()).toBe(404);
});
