import { beforeAll, describe, expect, it } from 'vitest';
import type { SettingsAnswer } from '@app/shared-types/settings';
import { declaredRoutes } from '../src/app';
import type { Db } from '../src/db/client';
import { routeKey } from '../src/lib/route-access';
import { PAGE_CACHE_CONTROL } from '../src/site/pages-routes';
import { json, login, signedInStaff, staffRequest, STAFF_PASSWORD, type TestApp } from './helpers';
import { createRenderingApp } from './rendering-app';

/**
 * Security review (issue 24): no staff answer may be kept by a browser or a
 * shared cache. Every answer of a staff route (the guard's refusals too), of
 * a client's share link and of the sign-in routes says Cache-Control:
 * no-store unless the route says otherwise; the website's public answers keep
 * the caching they declare.
 */

let app: TestApp;
let db: Db;
let admin: string;
let superadmin: string;
let employee: string;
beforeAll(async () => {
  ({ app, db } = await createRenderingApp());
  admin = (await signedInStaff(app, db, 'admin')).cookie;
  superadmin = (await signedInStaff(app, db, 'superadmin')).cookie;
  employee = (await signedInStaff(app, db, 'employee')).cookie;
});

const cacheOf = (response: Response) => response.headers.get('cache-control');
/** A path that reaches `route`: each variable (and a trailing '*') becomes 'x'. */
const pathOf = (route: { path: string }) => route.path.replace(/:(\w+)(\{[^}]*\})?/g, 'x').replace(/\*$/, 'x');

describe('staff answers', () => {
  it('GET /api/settings and a save of them are no-store', async () => {
    const read = await staffRequest(app, '/api/settings', admin);
    expect(read.status).toBe(200);
    expect(cacheOf(read)).toBe('no-store');
    const settings = await json<SettingsAnswer>(read);
    const { smtpPasswordSet: _set, ...email } = settings.email;
    const saved = await staffRequest(app, '/api/settings', admin, { method: 'PUT', body: { ...settings, email } });
    expect(saved.status).toBe(200);
    expect(cacheOf(saved)).toBe('no-store');
  });

  it.each(['/api/vendors', '/api/projects/manage', '/api/users', '/api/audit-log', '/api/departments'])('GET %s is no-store', async (path) => {
    const response = await staffRequest(app, path, superadmin);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(cacheOf(response)).toBe('no-store');
  });

  it("the guard's and a route's refusals are no-store too (401 signed out, 403 by role, 404, 400)", async () => {
    expect(cacheOf(await staffRequest(app, '/api/settings', undefined))).toBe('no-store');
    const forbidden = await staffRequest(app, '/api/settings', employee);
    expect(forbidden.status).toBe(403);
    expect(cacheOf(forbidden)).toBe('no-store');
    const missing = await staffRequest(app, '/api/customers/00000000-0000-4000-8000-000000000000', admin);
    expect(missing.status).toBe(404);
    expect(cacheOf(missing)).toBe('no-store');
    const invalid = await staffRequest(app, '/api/vendors', admin, { method: 'POST', body: {} });
    expect(invalid.status).toBe(400);
    expect(cacheOf(invalid)).toBe('no-store');
  });

  it('every GET staff route answers no-store, signed in or not', async () => {
    const staffGets = declaredRoutes().declared.filter((route) => route.access === 'staff' && route.method === 'GET');
    expect(staffGets.length).toBeGreaterThan(20);
    for (const route of staffGets) {
      for (const cookie of [admin, undefined]) {
        const response = await staffRequest(app, pathOf(route), cookie);
        expect(cacheOf(response), `${routeKey(route)} ${cookie ? 'signed in' : 'signed out'}: ${response.status}`).toBe('no-store');
      }
    }
  });
});

describe('the sign-in routes and share links', () => {
  it('a sign-in, its failure, the session check and the registration check are no-store', async () => {
    const account = await signedInStaff(app, db, 'manager');
    const signedIn = await login(app, account.employee.email, STAFF_PASSWORD);
    expect(signedIn.response.status).toBe(200);
    expect(cacheOf(signedIn.response)).toBe('no-store');
    const failed = await login(app, account.employee.email, 'not-the-password');
    expect(failed.response.status).toBe(401);
    expect(cacheOf(failed.response)).toBe('no-store');
    expect(cacheOf(await staffRequest(app, '/api/auth/me', undefined))).toBe('no-store');
    expect(cacheOf(await staffRequest(app, '/api/auth/registration', undefined))).toBe('no-store');
  });

  it("a share link's answer is no-store, even when the link is unknown", async () => {
    const response = await app.request('/api/quote-links/not-a-token');
    expect(response.status).toBe(404);
    expect(cacheOf(response)).toBe('no-store');
  });
});

describe("the website's public answers", () => {
  it('keep their own caching', async () => {
    expect(cacheOf(await app.request('http://localhost/'))).toBe(PAGE_CACHE_CONTROL);
    expect(cacheOf(await app.request('/api/site'))).toBe('public, max-age=0, s-maxage=60');
    expect(cacheOf(await app.request('/api/projects'))).toBe('public, max-age=60');
    expect(cacheOf(await app.request('/sitemap.xml'))).toBe('public, max-age=3600');
    expect(cacheOf(await app.request('/blog/rss.xml'))).toBe('public, max-age=600');
  });
});
