import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { sectionHref } from './admin/sections';
import { isAdminHost, routesForHost } from './router';

describe('routes per host', () => {
  it("treats only host names starting with 'admin.' as the admin host", () => {
    expect(isAdminHost('admin.kaveridesign.studio')).toBe(true);
    expect(isAdminHost('ADMIN.example.com')).toBe(true);
    expect(isAdminHost('kaveridesign.studio')).toBe(false);
    expect(isAdminHost('www.kaveridesign.studio')).toBe(false);
    expect(isAdminHost('notadmin.example.com')).toBe(false);
    expect(isAdminHost('localhost')).toBe(false);
  });

  it('serves the website at / and the portal at /admin on the main host', () => {
    // 'Request access' sits beside the portal (outside its sign-in layout), under the same base path.
    expect(routesForHost('kaveridesign.studio').map((route) => route.path)).toEqual(['/', '/admin/request-access', '/admin/forgot-password', '/admin/reset-password', '/admin']);
  });

  it('serves only the portal, at /, on the admin host', () => {
    const routes = routesForHost('admin.kaveridesign.studio');
    const portal = routes.find((route) => route.path === '/');
    expect(portal?.children?.some((child) => child.path === 'leads')).toBe(true);
    expect(portal?.children?.some((child) => child.path === 'calculator')).toBe(false);
    expect(routes.map((route) => route.path)).toContain('/request-access');
  });

  it('builds section links under the portal base path', () => {
    expect(sectionHref('/admin', '')).toBe('/admin');
    expect(sectionHref('/admin', 'leads')).toBe('/admin/leads');
    expect(sectionHref('/admin/', 'leads?new=1')).toBe('/admin/leads?new=1');
    expect(sectionHref('/', '')).toBe('/');
    expect(sectionHref('/', 'leads')).toBe('/leads');
  });
});

describe('old /admin/... links on the admin host', () => {
  /** Where the admin host's router lands for `url`: the redirect from /admin/... followed. */
  async function landing(url: string) {
    const router = createMemoryRouter(routesForHost('admin.example.com'), { initialEntries: [url] });
    await vi.waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 10_000 });
    const { pathname, search } = router.state.location;
    router.dispose();
    return `${pathname}${search}`;
  }

  it('go to the same screen under /', async () => {
    expect(await landing('/admin/leads')).toBe('/leads');
    expect(await landing('/admin')).toBe('/');
  });

  it('never leave this origin, however the path is written', async () => {
    expect(await landing('/admin//evil.example/login')).toBe('/evil.example/login');
    expect(await landing('/admin/%2F%2Fevil.example')).toBe('/evil.example');
    expect(await landing('/admin/%5Cevil.example')).toBe('/evil.example');
  });
});
