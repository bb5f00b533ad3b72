import { describe, expect, it } from 'vitest';
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
    expect(routesForHost('kaveridesign.studio').map((route) => route.path)).toEqual(['/', '/admin/request-access', '/admin']);
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
