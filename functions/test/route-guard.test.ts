import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_API_ROUTES } from '../src/app';
import { createTestApp, TEST_ORIGIN, type TestApp } from './helpers';

/**
 * Every route the app serves, walked from `app.routes`: anything not on the
 * public list must answer 401 without a session. A new route is guarded by
 * default; making one public means changing both lists below on purpose.
 */
const EXPECTED_PUBLIC_API = [
  'GET /api/site',
  'GET /api/projects',
  'GET /api/projects/:id',
  'GET /api/blog-posts',
  'GET /api/blog-posts/by-slug/:slug',
  // A visitor's view of a post (blog.test.ts).
  'POST /api/blog-posts/by-slug/:slug/view',
  'POST /api/calculator',
  'POST /api/contact',
  'POST /api/auth/login',
  // The second step of a sign-in, and 'Request access' (two-factor.test.ts, registration.test.ts).
  'POST /api/auth/login/verify',
  'GET /api/auth/registration',
  'POST /api/auth/register',
  // The session check: { user: null } when signed out (auth.test.ts).
  'GET /api/auth/me',
  // A quotation's share link: its unguessable token is the credential (quotations.test.ts).
  'GET /api/quote-links/:token',
  'GET /api/quote-links/:token/pdf',
  'POST /api/quote-links/:token/approve',
  'POST /api/quote-links/:token/request-changes',
];
/** Outside /api: the crawler files, public by nature. */
// 'GET /*': the website's pages, rendered on the server (site/pages-routes.ts; never an /api path).
const EXPECTED_PUBLIC_OTHER = ['GET /sitemap.xml', 'GET /robots.txt', 'GET /blog/rss.xml', 'GET /*'];

let app: TestApp;
beforeAll(async () => {
  ({ app } = await createTestApp());
});

function servedRoutes(): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const route of app.routes) {
    if (route.method === 'ALL') continue; // middleware
    seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path });
  }
  return [...seen.values()];
}

describe('the route table', () => {
  it('lists exactly the expected public routes', () => {
    expect([...PUBLIC_API_ROUTES].sort()).toEqual([...EXPECTED_PUBLIC_API].sort());
    const outsideApi = servedRoutes()
      .filter((r) => !r.path.startsWith('/api/'))
      .map((r) => `${r.method} ${r.path}`);
    expect(outsideApi.sort()).toEqual([...EXPECTED_PUBLIC_OTHER].sort());
  });

  it('guards every other /api route: no session means 401 JSON, with or without a forged cookie', async () => {
    const guarded = servedRoutes().filter((r) => r.path.startsWith('/api/') && !EXPECTED_PUBLIC_API.includes(`${r.method} ${r.path}`));
    // The routes this issue adds are among them; later issues' routes join automatically.
    expect(guarded.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/logout',
        'POST /api/auth/change-password',
        'GET /api/users',
        'GET /api/vendors',
        'POST /api/vendors',
        'PUT /api/vendors/:id',
        'DELETE /api/vendors/:id',
        'GET /api/projects/manage',
        'GET /api/projects/manage/:id',
        'POST /api/projects',
        'PUT /api/projects/:id',
        'DELETE /api/projects/:id',
        'POST /api/projects/:id/photo-uploads',
        'POST /api/projects/:id/photos',
        'DELETE /api/projects/:id/photos/:photoId',
        'PUT /api/projects/:id/photos/:photoId/cover',
        'GET /api/customers',
        'POST /api/customers',
        'GET /api/customers/:id',
        'PUT /api/customers/:id',
        'DELETE /api/customers/:id',
        'POST /api/leads/:id/convert',
      ]),
    );
    for (const route of guarded) {
      const path = route.path.replace(/:(\w+)(\{[^}]*\})?/g, 'x').replace(/\*$/, 'x');
      for (const cookie of [undefined, 'session=eyJhbGciOiJub25lIn0.e30.']) {
        const response = await app.request(path, {
          method: route.method,
          headers: {
            origin: TEST_ORIGIN,
            'content-type': 'application/json',
            ...(cookie ? { cookie } : {}),
          },
          ...(['GET', 'HEAD'].includes(route.method) ? {} : { body: '{}' }),
        });
        expect(response.status, `${route.method} ${route.path}`).toBe(401);
        expect(await response.json()).toEqual({ error: 'Please sign in to continue' });
      }
    }
  });

  it('still answers unknown /api paths with a JSON 404', async () => {
    const response = await app.request('/api/not-yet');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not found' });
  });

  it('holds when a host mounts the app before a catch-all, as the local server does', async () => {
    const host = new Hono();
    host.route('/', app);
    host.get('*', (c) => c.html('<!doctype html><title>SPA</title>'));
    expect((await host.request('/api/site')).status).toBe(200);
    expect((await host.request('/api/projects/gachibowli-3bhk')).status).toBe(404);
    expect((await host.request('/api/users')).status).toBe(401);
    expect((await host.request('/projects')).status).toBe(200);
  });
});
