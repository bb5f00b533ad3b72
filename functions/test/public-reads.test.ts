import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { createApp } from '../src/app';
import { createCustomer } from '../src/customers/customer-repo';
import { systemContext } from '../src/db/entity';
import { createProject } from '../src/projects/project-repo';
import { seedFirstStart } from '../src/local/seed';
import { createTestApp, customerInput, projectInput, type TestApp } from './helpers';

let app: TestApp;
let db: Db;

beforeAll(async () => {
  ({ app, db } = await createTestApp());
  await seedFirstStart(db, '2026-01-10T10:00:00.000Z');
  const customer = await createCustomer(db, { ...customerInput, firstName: 'Secret Client', lastName: 'Pvt Ltd' }, systemContext('2026-02-01T00:00:00.000Z'));
  await createProject(
    db,
    {
      ...projectInput(customer.id),
      name: 'Private office',
      description: 'Not for the website',
      status: 'execution',
      category: 'Office',
      area: '900 sq ft',
      location: 'Hyderabad',
      showOnWebsite: false,
      estimatedBudget: 123,
      actualCost: 45,
    },
    systemContext('2026-02-01T00:00:00.000Z'),
    'private-office',
  );
});

type ProjectPage = { items: Record<string, unknown>[]; nextCursor?: string };

describe('GET /api/site', () => {
  it('returns the firm identity from settings, cacheable', async () => {
    const response = await app.request('/api/site');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('public');
    const site = (await response.json()) as Record<string, unknown>;
    expect(site).toMatchObject({ companyName: 'Kaveri Design Studio', companyPhone: '+91 98480 12345' });
    expect(site).not.toHaveProperty('pricing');
  });
});

describe('GET /api/projects', () => {
  it('lists website projects of every status, only with public fields', async () => {
    const page = (await (await app.request('/api/projects')).json()) as ProjectPage;
    expect(page.items).toHaveLength(8);
    expect(new Set(page.items.map((p) => p.status))).toEqual(new Set(['finished', 'ongoing', 'upcoming']));
    for (const project of page.items) {
      expect(Object.keys(project).sort()).toEqual(
        ['area', 'category', 'description', 'id', 'imageUrl', 'images', 'location', 'slug', 'status', 'title'].sort(),
      );
    }
    expect(JSON.stringify(page)).not.toMatch(/budget|Budget|actualCost|client|customer|Secret|notes|requirements/);
  });

  it('filters by public status on the server', async () => {
    for (const status of ['finished', 'ongoing', 'upcoming']) {
      const page = (await (await app.request(`/api/projects?status=${status}`)).json()) as ProjectPage;
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items.every((p) => p.status === status)).toBe(true);
    }
  });

  it('pages through the list with an opaque cursor', async () => {
    const first = (await (await app.request('/api/projects?limit=5')).json()) as ProjectPage;
    expect(first.items).toHaveLength(5);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await (
      await app.request(`/api/projects?limit=5&cursor=${encodeURIComponent(first.nextCursor!)}`)
    ).json()) as ProjectPage;
    expect(second.items).toHaveLength(3);
    const ids = [...first.items, ...second.items].map((p) => p.id);
    expect(new Set(ids).size).toBe(8);
  });

  it('answers 400 to an unknown status, a bad limit or a forged cursor', async () => {
    const badStatus = await app.request('/api/projects?status=secret');
    expect(badStatus.status).toBe(400);
    expect(await badStatus.json()).toEqual({
      error: 'Invalid query parameters',
      fields: { status: 'status must be all, finished, ongoing or upcoming' },
    });
    expect((await app.request('/api/projects?limit=500')).status).toBe(400);
    const forged = Buffer.from(JSON.stringify({ pk: 'SETTINGS', sk: { S: 'x' } })).toString('base64url');
    expect((await app.request(`/api/projects?cursor=${forged}`)).status).toBe(400);
    expect((await app.request('/api/projects?cursor=%%%')).status).toBe(400);
  });

  it('shows one website project by id and hides the others behind 404', async () => {
    const found = await app.request('/api/projects/gachibowli-3bhk');
    expect(found.status).toBe(200);
    expect(await found.json()).toMatchObject({ title: 'Gachibowli 3BHK Apartment', status: 'finished' });
    const hidden = await app.request('/api/projects/private-office');
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual({ error: 'Project not found' });
    expect((await app.request('/api/projects/nope')).status).toBe(404);
  });
});

describe('GET /api/blog-posts', () => {
  it('lists the published posts newest first', async () => {
    const response = await app.request('/api/blog-posts?status=published');
    expect(response.status).toBe(200);
    const page = (await response.json()) as { items: { slug: string; publishedAt: string }[] };
    expect(page.items.map((p) => p.slug)).toEqual(['modern-3bhk-makeover', 'workspace-lighting-tips']);
    expect(page.items[0]?.publishedAt.slice(0, 10)).toBe('2024-06-05');
    expect(page.items[1]?.publishedAt.slice(0, 10)).toBe('2024-05-20');
  });

  it('does not list drafts without a session', async () => {
    expect((await app.request('/api/blog-posts?status=draft')).status).toBe(400);
  });

  it('reads a post by slug with its markdown content', async () => {
    const response = await app.request('/api/blog-posts/by-slug/workspace-lighting-tips');
    expect(response.status).toBe(200);
    const post = (await response.json()) as { title: string; content: string };
    expect(post.title).toBe('Workspace Lighting Tips for Focus and Comfort');
    expect(post.content).toContain('**Daylight from the side.**');
    expect((await app.request('/api/blog-posts/by-slug/missing-post')).status).toBe(404);
    expect((await app.request('/api/blog-posts/by-slug/..%2F..%2Fetc')).status).toBe(404);
  });
});

/** Forged cursors of every kind: each must be a 400, never a 500 (issue 11, item 4). */
function forgedCursors(valid: Record<string, string>, status?: string): [string, string][] {
  const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
  return [
    ['another partition', b64({ ...valid, gsi1pk: 'BLOGPOSTS#draft' })],
    ['another list', b64({ ...valid, gsi1pk: valid.gsi1pk === 'PUBLIC_PROJECTS' ? 'BLOGPOSTS#published' : 'PUBLIC_PROJECTS' })],
    ['a staff list', b64({ ...valid, gsi1pk: 'CUSTOMERS' })],
    ...(status ? ([['a sort key outside the status asked for', b64({ ...valid, gsi1sk: valid.gsi1sk!.replace(status, 'upcoming') })]] as [string, string][]) : []),
    ['another kind of item', b64({ ...valid, pk: 'SETTINGS', sk: 'SETTINGS' })],
    ['a lone surrogate', b64(`{"pk":"${valid.pk}\\ud800","sk":"${valid.sk}","gsi1pk":"${valid.gsi1pk}","gsi1sk":"${valid.gsi1sk}"}`)],
    ['wrong key names', b64({ PK: valid.pk, SK: valid.sk, gsi1pk: valid.gsi1pk, gsi1sk: valid.gsi1sk })],
    ['a missing key', b64({ pk: valid.pk, sk: valid.sk, gsi1pk: valid.gsi1pk })],
    ['an extra key', b64({ ...valid, gsi2pk: 'x' })],
    ['a number value', b64({ ...valid, gsi1sk: 5 })],
    ['an object value', b64({ ...valid, sk: { S: 'x' } })],
    ['an empty value', b64({ ...valid, sk: '' })],
    ['a __proto__ key', b64(`{"__proto__":{"x":1},"pk":"${valid.pk}","sk":"${valid.sk}","gsi1pk":"${valid.gsi1pk}","gsi1sk":"${valid.gsi1sk}"}`)],
    ['a list', b64([valid.pk])],
    ['JSON null', b64('null')],
    ['garbage base64', '%%%'],
    ['base64 of garbage', b64('not json at all')],
    ['a huge cursor', b64({ ...valid, sk: 'x'.repeat(5000) })],
  ];
}

describe('forged cursors on the public lists', () => {
  it.each([
    ['/api/projects', '/api/projects?limit=1'],
    ['/api/projects', '/api/projects?limit=1&status=finished'],
    ['/api/blog-posts', '/api/blog-posts?limit=1'],
  ])('%s answers 400 to each forged cursor (%s)', async (path, firstPage) => {
    const first = (await (await app.request(firstPage)).json()) as { nextCursor?: string };
    expect(first.nextCursor).toEqual(expect.any(String));
    const valid = JSON.parse(Buffer.from(first.nextCursor!, 'base64url').toString('utf8')) as Record<string, string>;
    const status = firstPage.includes('status=') ? 'finished' : undefined;
    const query = status ? `&status=${status}` : '';
    const statuses: Record<string, number> = {};
    for (const [name, cursor] of forgedCursors(valid, status)) {
      statuses[name] = (await app.request(`${path}?limit=1${query}&cursor=${encodeURIComponent(cursor)}`)).status;
    }
    expect(statuses).toEqual(Object.fromEntries(Object.keys(statuses).map((name) => [name, 400])));
    // The real cursor still pages on.
    expect((await app.request(`${path}?limit=1${query}&cursor=${encodeURIComponent(first.nextCursor!)}`)).status).toBe(200);
  });
});

describe('unknown API paths and SEO files', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const response = await app.request('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not found' });
  });

  it("uses the deployed site address (SITE_URL) for the sitemap and robots.txt when the host gives one", async () => {
    const deployed = createApp({ db, clientIp: () => '192.0.2.1', siteUrl: 'https://www.example.in/' });
    expect(await (await deployed.request('/sitemap.xml')).text()).toContain('<loc>https://www.example.in/projects</loc>');
    expect(await (await deployed.request('/robots.txt')).text()).toContain('Sitemap: https://www.example.in/sitemap.xml');
  });

  it('serves a sitemap listing pages, projects and posts, and robots.txt pointing at it', async () => {
    const sitemap = await (await app.request('/sitemap.xml')).text();
    expect(sitemap).toContain('<loc>https://kaveridesign.studio/services/project-management</loc>');
    expect(sitemap).toContain('<loc>https://kaveridesign.studio/projects/jubilee-hills-villa</loc>');
    expect(sitemap).toContain('<loc>https://kaveridesign.studio/blog/modern-3bhk-makeover</loc>');
    expect(sitemap).not.toContain('private-office');
    const robots = await (await app.request('/robots.txt')).text();
    expect(robots).toContain('Sitemap: https://kaveridesign.studio/sitemap.xml');
    expect(robots).toContain('Disallow: /admin');
  });
});

describe('first-start seeding', () => {
  it('runs once: a second start changes nothing', async () => {
    expect(await seedFirstStart(db)).toBe(false);
    const page = (await (await app.request('/api/projects?limit=50')).json()) as ProjectPage;
    expect(page.items).toHaveLength(8);
  });
});
