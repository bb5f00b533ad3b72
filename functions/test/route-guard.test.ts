import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@app/shared-types/auth';
import { declaredRoutes } from '../src/app';
import type { Db } from '../src/db/client';
import { access, declarationsOf, REQUEST_DEADLINE_MS, routeKey, type DeclaredRoute } from '../src/lib/route-access';
import { createTestApp, signedInStaff, staffRequest, TEST_ORIGIN, type TestApp } from './helpers';

/** The routes' declarations (lib/route-access.ts, in each route's chain): what the guard, infra and this test read. */
const { declared: DECLARED, undeclared: UNDECLARED } = declaredRoutes();
/** The /api routes declared to need no session (public, and clients' share links). */
const PUBLIC_API_ROUTES = DECLARED.filter((route) => route.access !== 'staff' && route.path.startsWith('/api/')).map(routeKey);

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
  // The token a public form gets when it is shown (public-forms.test.ts, issue 24).
  'GET /api/form-token',
  'POST /api/auth/login',
  // The second step of a sign-in, and 'Request access' (two-factor.test.ts, registration.test.ts).
  'POST /api/auth/login/verify',
  'GET /api/auth/registration',
  'POST /api/auth/register',
  // The session check: { user: null } when signed out (auth.test.ts).
  'GET /api/auth/me',
  // 'Forgot password?', its emailed link, and the password rule their screens show (password-reset.test.ts, issue 25).
  'GET /api/auth/password-rules',
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/complete',
  // A quotation's share link: its unguessable token is the credential (quotations.test.ts).
  'GET /api/quote-links/:token',
  'GET /api/quote-links/:token/pdf',
  'POST /api/quote-links/:token/approve',
  'POST /api/quote-links/:token/request-changes',
  // The lead webhooks: Meta's subscription check and signed events, Google's keyed lead forms (webhooks.test.ts, issue 26).
  'GET /api/webhooks/meta',
  'POST /api/webhooks/meta',
  'POST /api/webhooks/google-ads',
];
/** Outside /api: the crawler files, public by nature. */
// 'GET /*': the website's pages, rendered on the server (site/pages-routes.ts; never an /api path).
const EXPECTED_PUBLIC_OTHER = ['GET /sitemap.xml', 'GET /robots.txt', 'GET /blog/rss.xml', 'GET /*'];

let app: TestApp;
let db: Db;
beforeAll(async () => {
  ({ app, db } = await createTestApp());
});

function servedRoutes(): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const route of app.routes) {
    if (route.method === 'ALL') continue; // middleware
    seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path });
  }
  return [...seen.values()];
}

/** A path that reaches `route`: each variable (and a trailing '*') becomes 'x'. */
const pathOf = (route: { path: string }) => route.path.replace(/:(\w+)(\{[^}]*\})?/g, 'x').replace(/\*$/, 'x');
const GUARD_REFUSAL = { error: 'Please sign in to continue' };
const ROLE_REFUSAL = { error: 'You do not have permission to do this' };

describe('the route table', () => {
  it('has a declaration for every route the app serves, and for no other', () => {
    expect(UNDECLARED).toEqual([]);
    expect(DECLARED.map(routeKey).sort()).toEqual(servedRoutes().map(routeKey).sort());
    // The app the hosts run reads the same declarations.
    expect(declarationsOf(app.routes).declared).toEqual(DECLARED);
  });

  it('gives public routes the public deadline, staff routes the staff one, and the bulk import its own', () => {
    const deadlineOf = (key: string) => DECLARED.find((route) => routeKey(route) === key)?.deadlineMs;
    expect(deadlineOf('GET /api/site')).toBe(REQUEST_DEADLINE_MS.public);
    expect(deadlineOf('GET /api/quote-links/:token')).toBe(REQUEST_DEADLINE_MS.public);
    expect(deadlineOf('GET /api/leads')).toBe(REQUEST_DEADLINE_MS.staff);
    expect(deadlineOf('POST /api/leads/bulk-import')).toBe(REQUEST_DEADLINE_MS.bulkImport);
    const defaults: number[] = [REQUEST_DEADLINE_MS.public, REQUEST_DEADLINE_MS.staff];
    expect(DECLARED.filter((route) => !defaults.includes(route.deadlineMs)).map(routeKey)).toEqual([
      'POST /api/leads/bulk-import',
    ]);
  });

  it('finds a route that declares nothing, and treats it as a staff route', async () => {
    const declaredOne = new Hono().get('/ok', access.public(), (c) => c.text('ok'));
    const plain = new Hono().route('/', declaredOne).get('/forgot', (c) => c.text('no'));
    expect(declarationsOf(plain.routes)).toMatchObject({ declared: [{ method: 'GET', path: '/ok', access: 'public' }], undeclared: ['GET /forgot'] });
    // A declaration that is not the chain's first handler is refused.
    const late = new Hono().get('/late', async (_c, next) => next(), access.staff(), (c) => c.text('late'));
    expect(() => declarationsOf(late.routes)).toThrow(/first handler/);
  });

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
      const path = pathOf(route);
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
        expect(await response.json()).toEqual(GUARD_REFUSAL);
      }
    }
  });

  it('serves every route declared public without a session', async () => {
    const open = DECLARED.filter((route) => route.access !== 'staff');
    expect(open.length).toBeGreaterThanOrEqual(EXPECTED_PUBLIC_API.length);
    for (const route of open) {
      const response = await staffRequest(app, pathOf(route), undefined, { method: route.method, ...(route.method === 'GET' ? {} : { body: {} }) });
      const body = await response.text();
      expect(response.status === 401 && JSON.parse(body).error === GUARD_REFUSAL.error, `${routeKey(route)} answered ${response.status} ${body}`).toBe(false);
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

/** The role just below `role`, or undefined for the lowest. */
const roleBelow = (role: Role): Role | undefined => ROLES[ROLES.indexOf(role) - 1];

describe('the declared roles', () => {
  // Signing out ends the session the later requests use: last.
  const staffRoutes = DECLARED.filter((route) => route.access === 'staff').sort(
    (a, b) => Number(routeKey(a) === 'POST /api/auth/logout') - Number(routeKey(b) === 'POST /api/auth/logout'),
  );
  const request = (route: DeclaredRoute, cookie: string) =>
    staffRequest(app, pathOf(route), cookie, { method: route.method, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }) });

  const cookies = new Map<Role, string>();
  const cookieOf = (role: Role) => cookies.get(role) ?? '';
  beforeAll(async () => {
    // One at a time: sign-ins queue for the password hash (auth/auth-routes.ts).
    for (const role of ROLES) cookies.set(role, (await signedInStaff(app, db, role)).cookie);
  }, 60_000);

  it('include roles above signed-in staff', () => {
    expect(staffRoutes.filter((route) => route.minRole !== 'employee').length).toBeGreaterThan(0);
  });

  // Each declared staff route: a role below the declared one gets 403, the declared one does not (any other answer).
  it.each(staffRoutes.map((route) => [routeKey(route), route] as const))('%s enforces its declared role', async (_key, route) => {
    const minRole = route.minRole ?? 'employee';
    const below = roleBelow(minRole);
    if (below) {
      const refused = await request(route, cookieOf(below));
      expect([refused.status, await refused.json()], `${routeKey(route)} as ${below}`).toEqual([403, ROLE_REFUSAL]);
    }
    const allowed = await request(route, cookieOf(minRole));
    const body = await allowed.text();
    expect(allowed.status === 401 || (allowed.status === 403 && body.includes(ROLE_REFUSAL.error)), `${routeKey(route)} as ${minRole}: ${allowed.status} ${body}`).toBe(false);
  });
});
