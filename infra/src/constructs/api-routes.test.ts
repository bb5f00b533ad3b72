import { describe, expect, it } from 'vitest';
import { apiGatewayPaths } from '@app/functions/lib/route-access';
import { declaredRoutes } from '@app/functions/app';
import { ADMIN_ROUTE, ADMIN_ROUTES_BESIDE_PUBLIC, AUTH_ROUTES, CLIENT_LINK_ROUTES, checkedDeclarations, PAGE_ROUTES, PDF_ROUTES, PUBLIC_API_ROUTES, PUBLIC_ROUTES, ROUTE_THROTTLES } from './api-routes';

const keys = (routes: readonly { method: string; path: string }[]) => routes.map((route) => `${route.method} ${route.path}`);

/**
 * The route table built from the routes' declarations, as reviewed: a route that
 * moves to another function, or a new route on the public or PDF function, changes
 * these lists on purpose (the declarations live in functions/src/<module>/*-routes.ts).
 */
describe('the route table from the declarations', () => {
  it('sends the website reads, the forms, the blog view beacon and the crawler files to the public function, in the order the app serves them', () => {
    expect(keys(PUBLIC_ROUTES)).toEqual([
      'GET /api/site',
      'GET /api/projects',
      'GET /api/projects/{id}',
      'GET /api/blog-posts',
      'GET /api/blog-posts/by-slug/{slug}',
      'POST /api/blog-posts/by-slug/{slug}/view',
      'POST /api/calculator',
      'POST /api/contact',
      'GET /api/form-token',
      'GET /sitemap.xml',
      'GET /robots.txt',
      'GET /blog/rss.xml',
    ]);
    expect(keys(PAGE_ROUTES)).toEqual(['GET /', 'GET /{proxy+}']);
  });

  it('sends the quotation PDFs to the PDF function, and the rest of /api to the admin function', () => {
    expect(keys(PDF_ROUTES)).toEqual(['GET /api/quotations/{id}/pdf', 'GET /api/quote-links/{token}/pdf']);
    expect(ADMIN_ROUTE).toEqual({ method: 'ANY', path: '/api/{proxy+}' });
    // GET /api/projects/{id} would catch it.
    expect(keys(ADMIN_ROUTES_BESIDE_PUBLIC)).toEqual(['GET /api/projects/manage']);
  });

  it('sends signing in and the lead webhooks to the auth function, and the share link but its PDF to the client-link function', () => {
    expect(keys(AUTH_ROUTES)).toEqual([
      // The lead webhooks (issue 26): without a session, and the auth function holds the key that opens their secrets.
      'GET /api/webhooks/meta',
      'POST /api/webhooks/meta',
      'POST /api/webhooks/google-ads',
      'POST /api/auth/login',
      'POST /api/auth/login/verify',
      'GET /api/auth/registration',
      'POST /api/auth/register',
      'GET /api/auth/me',
      'GET /api/auth/password-rules',
      'POST /api/auth/password-reset',
      'POST /api/auth/password-reset/complete',
    ]);
    expect(keys(CLIENT_LINK_ROUTES)).toEqual(['GET /api/quote-links/{token}', 'POST /api/quote-links/{token}/approve', 'POST /api/quote-links/{token}/request-changes']);
  });

  it('runs no route without a session on the admin function (least privilege per route, issue 24)', () => {
    const { declared } = declaredRoutes();
    const open = declared.filter((route) => route.access !== 'staff');
    expect(open.length).toBeGreaterThan(15);
    expect(open.filter((route) => route.lambda === 'admin')).toEqual([]);
    // The check the route table is built through refuses one, naming it.
    const login = open.find((route) => route.path === '/api/auth/login')!;
    expect(() => checkedDeclarations({ declared: [...declared.filter((route) => route !== login), { ...login, lambda: 'admin' }], undeclared: [] })).toThrow(
      /routes without a session may not run on the admin function.*POST \/api\/auth\/login/,
    );
    expect(() => checkedDeclarations({ declared, undeclared: [] })).not.toThrow();
  });

  it("throttles the form posts harder than the stage (the lead webhooks keep the stage's rate, and a limit per integration)", () => {
    expect(ROUTE_THROTTLES).toEqual({
      'POST /api/calculator': { ThrottlingRateLimit: 5, ThrottlingBurstLimit: 10 },
      'POST /api/contact': { ThrottlingRateLimit: 5, ThrottlingBurstLimit: 10 },
    });
  });

  it('serves without a session the public /api routes the route-guard test lists, none by the admin function', () => {
    expect(PUBLIC_API_ROUTES).toContain('POST /api/auth/login');
    expect(PUBLIC_API_ROUTES).toContain('GET /api/quote-links/:token');
    expect(PUBLIC_API_ROUTES).not.toContain('GET /api/projects/manage');
  });

  it("writes Hono's paths as API Gateway's", () => {
    expect(apiGatewayPaths('/api/quotations/:id/pdf')).toEqual(['/api/quotations/{id}/pdf']);
    expect(apiGatewayPaths('/api/attendance/report.csv')).toEqual(['/api/attendance/report.csv']);
    expect(apiGatewayPaths('/*')).toEqual(['/', '/{proxy+}']);
    expect(apiGatewayPaths('/files/*')).toEqual(['/files', '/files/{proxy+}']);
  });
});
