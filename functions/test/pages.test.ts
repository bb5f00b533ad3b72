import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { systemContext } from '../src/db/entity';
import { createCustomer } from '../src/customers/customer-repo';
import { createProject } from '../src/projects/project-repo';
import { MAINTENANCE_RETRY_AFTER_SECONDS } from '@app/shared-types/settings';
import { getSettings, saveSettings } from '../src/settings/settings-repo';
import { NOT_FOUND_CACHE_CONTROL, PAGE_CACHE_CONTROL } from '../src/site/pages-routes';
import { customerInput, projectInput, type TestApp } from './helpers';
import { createRenderingApp, SITE_URL } from './rendering-app';

/**
 * The website's pages as a visitor without JavaScript gets them: the app with
 * the web's renderer (web/src/entry-server.tsx, loaded from source here; the
 * hosts load its build) and the first-start content.
 */

let app: TestApp;
let db: Db;

async function page(path: string) {
  const response = await app.request(`http://localhost${path}`);
  const html = await response.text();
  const head = html.slice(0, html.indexOf('</head>'));
  return { response, html, head, body: html.slice(html.indexOf('<div id="root">')) };
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

beforeAll(async () => {
  ({ app, db } = await createRenderingApp());
});

describe('server-rendered pages', () => {
  const pages: { path: string; title: string; content: string }[] = [
    { path: '/', title: 'Interior Designers in Hyderabad', content: 'Crafting Spaces That Inspire' },
    { path: '/projects', title: 'Our Projects', content: 'Jubilee Hills Villa' },
    { path: '/projects/jubilee-hills-villa', title: 'Jubilee Hills Villa', content: 'double-height living room' },
    { path: '/services', title: 'Our Services', content: 'Our Services' },
    { path: '/blog', title: 'Blog', content: 'A Modern 3BHK Makeover in Gachibowli' },
    { path: '/blog/modern-3bhk-makeover', title: 'A Modern 3BHK Makeover', content: '<h1' },
    { path: '/calculator', title: 'Free Interior Cost Estimate', content: 'Get Your Free Estimate' },
    { path: '/contact', title: 'Contact Us', content: 'Contact' },
  ];

  it.each(pages)('$path: its content, title, description, canonical and og tags in the HTML', async ({ path, title, content }) => {
    const { response, head, body } = await page(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(PAGE_CACHE_CONTROL);
    expect(body).toContain(content);
    const shownTitle = /<title>([^<]*)<\/title>/.exec(head)?.[1] ?? '';
    expect(shownTitle).toContain(title);
    expect(shownTitle).toContain('Kaveri Design Studio');
    // One title and one description: the static shell's generic ones are gone.
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head.match(/<meta name="description"/g)).toHaveLength(1);
    expect(head).not.toContain('data-static');
    expect(head.match(/<link rel="canonical"/g)).toHaveLength(1);
    expect(head.match(/<meta property="og:type"/g)).toHaveLength(1);
    expect(head).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+"\/>/);
    expect(head).toContain(`<link rel="canonical" href="${SITE_URL}${path === '/' ? '/' : path}"/>`);
    expect(head).toContain(`<meta property="og:url" content="${SITE_URL}${path === '/' ? '/' : path}"/>`);
    expect(head).toContain(`<meta property="og:title" content="${attr(shownTitle)}"/>`);
    expect(head).toMatch(/<meta property="og:description" content="[^"]+"\/>/);
    expect(head).toMatch(/<meta name="twitter:card" content="summary_large_image"\/>/);
    // MUI's critical CSS is inlined, and the data the page was rendered from goes with it.
    expect(head).toMatch(/<style data-emotion="css [^"]+">[^<]*\.css-[^<]+<\/style>/);
    // All of it in the head: no <style> element left inline in the markup React hydrates.
    expect(body.slice(0, body.indexOf('id="ssr-state"'))).not.toContain('<style');
    expect(body).toContain('<script type="application/json" id="ssr-state">');
  });

  it.each([
    ['/', 'HomeAndConstructionBusiness'],
    ['/projects/jubilee-hills-villa', 'BreadcrumbList'],
    ['/blog/modern-3bhk-makeover', 'Article'],
  ])('%s carries its JSON-LD (%s) in the server HTML', async (path, type) => {
    const { html } = await page(path);
    const types = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (match) => (JSON.parse(match[1]!) as { '@type': string })['@type'],
    );
    expect(types).toContain(type);
  });

  it("gives a page without an image of its own the firm's share card, a 1200x630 PNG (link previews show no SVG), with its size and alt text", async () => {
    const { head } = await page('/services');
    expect(head).toContain(`<meta property="og:image" content="${SITE_URL}/images/share-card.png"/>`);
    expect(head).toContain('<meta property="og:image:width" content="1200"/>');
    expect(head).toContain('<meta property="og:image:height" content="630"/>');
    expect(head).toContain('<meta property="og:image:alt" content="Kaveri Design Studio: interior design &amp; architecture, Hyderabad"/>');
    expect(head).toContain(`<meta name="twitter:image" content="${SITE_URL}/images/share-card.png"/>`);
    expect(head).toContain('<meta name="twitter:image:alt" content="Kaveri Design Studio: interior design &amp; architecture, Hyderabad"/>');
    // A project with a cover of its own claims no size for it.
    expect((await page('/projects/jubilee-hills-villa')).head).not.toContain('og:image:width');
    // The cards are what the tags say: PNGs of 1200x630, small enough for any preview.
    for (const card of ['share-card.png', 'share-card-plain.png']) {
      const png = readFileSync(fileURLToPath(new URL(`../../web/public/images/${card}`, import.meta.url)));
      expect(png.subarray(0, 8).toString('hex'), card).toBe('89504e470d0a1a0a');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], card).toEqual([1200, 630]);
      expect(png.length, card).toBeLessThan(100 * 1024);
    }
  });

  it("answers a project's address from before slugs (its id) with a 301 to its readable one; an unknown or odd one is the 404 page", async () => {
    const ctx = systemContext(new Date().toISOString(), 'pages-test');
    const customer = await createCustomer(db, { ...customerInput, phone: '+91 90000 33333' }, ctx);
    const created = await createProject(db, { ...projectInput(customer.id), name: 'Kokapet Courtyard House', showOnWebsite: true }, ctx);
    if (!('project' in created)) throw new Error(`project not created: ${JSON.stringify(created)}`);
    const { id, slug } = created.project;
    expect(slug).toBe('kokapet-courtyard-house');
    const moved = await app.request(`http://localhost/projects/${id}?ref=old`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/projects/kokapet-courtyard-house?ref=old');
    // The readable address itself is the page, not another redirect.
    expect((await app.request('http://localhost/projects/kokapet-courtyard-house')).status).toBe(200);
    for (const path of ['/projects/no-such-project', '/projects/%E0%A4%A', '/projects/a%2Fb']) {
      expect((await app.request(`http://localhost${path}`)).status, path).toBe(404);
    }
  });

  it('hands the browser the query cache it rendered from, with < escaped', async () => {
    const { body } = await page('/projects');
    const state = /<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/.exec(body)?.[1] ?? '';
    expect(state).not.toContain('<');
    const parsed = JSON.parse(state) as { queries: { queryKey: unknown[] }[] };
    expect(parsed.queries.map((query) => query.queryKey)).toEqual(
      expect.arrayContaining([['site-info'], ['projects', 'list', { status: 'all' }]]),
    );
  });

  /** The islands of a page's body (web/src/lib/island.tsx): name, when it hydrates, props, useId prefix, and what it rendered. */
  function islandsOf(body: string) {
    const found = [...body.matchAll(/<div data-island="([^"]+)" data-hydrate="([^"]+)" data-props="([^"]*)" style="display:contents" data-ids="([^"]+)">/g)];
    return found.map((match, index) => ({
      name: match[1],
      hydrate: match[2],
      props: JSON.parse(match[3]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as Record<string, unknown>,
      ids: match[4],
      // Up to the next island: enough to see the island's own render is inside it.
      html: body.slice(match.index, found[index + 1]?.index ?? body.length),
    }));
  }

  it.each([
    ['/', ['site-menu', 'reel-gallery']],
    ['/projects', ['site-menu', 'projects-browser']],
    ['/projects/jubilee-hills-villa', ['site-menu', 'project-gallery']],
    ['/calculator', ['site-menu', 'calculator']],
    ['/contact', ['site-menu', 'contact-form', 'office-map']],
    ['/blog/modern-3bhk-makeover', ['site-menu', 'blog-view']],
    ['/services', ['site-menu']],
  ])('%s: only its interactive parts are islands, each rendered inside its element with its props', async (path, names) => {
    const { body } = await page(path);
    const islands = islandsOf(body);
    expect(islands.map((island) => island.name)).toEqual(names);
    // Each island its own ids (useId), the same the browser hydrates it with.
    expect(new Set(islands.map((island) => island.ids)).size).toBe(islands.length);
    // No slot left unfilled.
    expect(body).not.toContain('<!--island-');
  });

  it("renders an island's own markup and props: the menu and the calculator wait for a touch, the calculator has its form and the firm's phone", async () => {
    const home = islandsOf((await page('/')).body);
    const menu = home.find((island) => island.name === 'site-menu');
    expect(menu?.hydrate).toBe('interaction');
    expect(menu?.html).toContain('aria-label="Open menu"');
    const reels = home.find((island) => island.name === 'reel-gallery');
    expect(reels?.hydrate).toBe('visible');
    expect(reels?.props.reels).toHaveLength(3);
    expect(reels?.html).toContain('instagram-media');

    const calculator = islandsOf((await page('/calculator')).body).find((island) => island.name === 'calculator');
    // Its code comes with the first touch of the form (issue 25: no React at load).
    expect(calculator?.hydrate).toBe('interaction');
    expect(calculator?.props).toEqual({ phone: expect.stringMatching(/^\+?\d+/) });
    expect(calculator?.html).toContain('Get My Quote &amp; Schedule Consultation');

    const post = islandsOf((await page('/blog/modern-3bhk-makeover')).body).find((island) => island.name === 'blog-view');
    expect(post?.props).toEqual({ slug: 'modern-3bhk-makeover' });
  });

  it.each([
    ['an unknown path', '/no-such-page', 'Page not found.'],
    ['an unknown project', '/projects/no-such-project', 'Project not found.'],
    ['an unknown post', '/blog/no-such-post', 'Post not found.'],
    ['an unknown service', '/services/no-such-service', 'Page not found.'],
  ])('%s answers 404 with the site chrome and a way back', async (_name, path, message) => {
    const { response, body } = await page(path);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe(NOT_FOUND_CACHE_CONTROL);
    expect(body).toContain(message);
    // Header navigation and footer are there.
    expect(body).toContain('aria-label="Main"');
    expect(body).toContain('href="/projects"');
    expect(body).toContain('<footer');
  });

  it('shows the maintenance notice on public pages while Settings > System pauses the site', async () => {
    const { body: before } = await page('/projects');
    expect(before).toContain('Jubilee Hills Villa');
    expect(before).not.toContain('Our website is being updated.');
    const current = await getSettings(db);
    const { smtpPasswordSet: _set, ...email } = current.email;
    const saved = await saveSettings(db, undefined, { ...current, email, system: { ...current.system, maintenanceMode: true } }, systemContext(new Date().toISOString()));
    expect('saved' in saved).toBe(true);
    const { response, body } = await page('/projects');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe(String(MAINTENANCE_RETRY_AFTER_SECONDS));
    expect(response.headers.get('cache-control')).toBe(NOT_FOUND_CACHE_CONTROL);
    const markup = body.slice(0, body.indexOf('id="ssr-state"'));
    expect(markup).toContain('Our website is being updated.');
    expect(markup).not.toContain('Jubilee Hills Villa');
  });

  it('leaves the portal, a quotation link, files and the admin host to the host (no page rendered)', async () => {
    const urls = [
      ...['/admin', '/admin/leads', '/q/some-token', '/favicon.svg'].map((path) => `http://localhost${path}`),
      // The admin host is the portal at '/' (PRODUCT.md): nothing of the website is rendered there.
      'http://admin.example.test/',
      'http://admin.example.test/projects',
    ];
    for (const path of urls) {
      const response = await app.request(path);
      // The app alone has no SPA shell or static files: the host's fallback answers these (local/server.ts).
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toContain('application/json');
    }
  });
});
