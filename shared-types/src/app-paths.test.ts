import { describe, expect, it } from 'vitest';
import { isPortalPath } from './app-paths';

describe('isPortalPath', () => {
  it('gives the portal /admin, what is under it, and the quotation links', () => {
    for (const path of ['/admin', '/admin/', '/admin/leads', '/admin/request-access', '/q/abc123']) expect(isPortalPath(path), path).toBe(true);
  });

  it("leaves the website's pages, and look-alikes, to the website", () => {
    for (const path of ['/', '/projects', '/blog/admin-tips', '/administration', '/adminx/leads', '/q', '/quotes', '/calculator']) {
      expect(isPortalPath(path), path).toBe(false);
    }
  });
});
