import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { matchedRoutes } from 'hono/route';
import { csrfGuard, requireSession } from './auth';
import { isServiceUnavailable } from './db/unavailable';
import type { Deps, AppEnv } from './app-deps';
import { errorBody } from './lib/http';
import { log } from './lib/log';
import { attendance } from './people/routes';
import { auditLog } from './audit/routes';
import { auth } from './auth/routes';
import { backups } from './backup/routes';
import { blogPosts } from './blog/routes';
import { projects } from './projects/routes';
import { quotationLookups } from './quotations/routes';
import { rateLibrary } from './quotations/routes';
import { quotations } from './quotations/routes';
import { quoteLinks } from './quotations/routes';
import { dashboard } from './dashboard/routes';
import { finance } from './finance/routes';
import { leads } from './leads/routes';
import { notifications, testEmailRoute } from './notify/routes';
import { pageRoutes } from './site/routes';
import { customers } from './customers/routes';
import { calculator, contact } from './leads/routes';
import { seo } from './site/routes';
import { settings } from './settings/routes';
import { settingsLogLevel } from './settings';
import { site } from './site/routes';
import { transactions } from './finance/routes';
import { users } from './people/routes';
import { employeePhotos } from './people/routes';
import { vendors } from './vendors/routes';
import { departments, jobRoles } from './people/routes';

/**
 * The only /api routes served without a session: the website's reads and
 * forms, and signing in. Every other /api route, including each one a later
 * issue adds, requires a session (and passes the CSRF guard) unless it is
 * added here. The route-table test (test/route-guard.test.ts) holds this list
 * too, so widening it is a visible change.
 */
export const PUBLIC_API_ROUTES: readonly string[] = [
  'GET /api/site',
  'GET /api/projects',
  'GET /api/projects/:id',
  'GET /api/blog-posts',
  'GET /api/blog-posts/by-slug/:slug',
  'POST /api/calculator',
  'POST /api/contact',
  // A visitor's view of a post, counted once a day (blog/blog-posts-routes.ts); rate-limited.
  'POST /api/blog-posts/by-slug/:slug/view',
  'POST /api/auth/login',
  // The second step of a sign-in: the challenge cookie of the password step is the credential (auth/auth-routes.ts).
  'POST /api/auth/login/verify',
  // 'Request access' (Settings > Security > allowRegistration; 404 while off).
  'GET /api/auth/registration',
  'POST /api/auth/register',
  // Answers { user: null } when signed out (auth/auth-routes.ts), so it needs no session.
  'GET /api/auth/me',
  // A client's quotation share link: the unguessable token is the credential (quotations/quote-links-routes.ts).
  'GET /api/quote-links/:token',
  'GET /api/quote-links/:token/pdf',
  'POST /api/quote-links/:token/approve',
  'POST /api/quote-links/:token/request-changes',
];
const publicRoutes = new Set(PUBLIC_API_ROUTES);

/**
 * The API route that will answer this request, if any: the first matching
 * /api handler (not a middleware). A host may add catch-alls after the app
 * (the local server's SPA fallback), which are not API routes.
 */
function handlerRoute(c: Context) {
  return matchedRoutes(c).find((route) => route.method !== 'ALL' && route.path.startsWith('/api/'));
}

/**
 * Deny by default: a request reaching a route not on the public list needs a
 * live session and, for state-changing methods, passes the CSRF guard. Paths
 * no route serves fall through to the JSON 404.
 */
const staffOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const route = handlerRoute(c);
  if (!route || publicRoutes.has(`${route.method} ${route.path}`)) return next();
  return requireSession(c, async () => {
    // A middleware that refuses returns its Response instead of calling next.
    const refused: unknown = await csrfGuard(c, next);
    if (refused instanceof Response) c.res = refused;
  });
};

/** What a visitor reads when the database is down, slow or throttling: nothing they did wrong. */
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';
/** Seconds a client should wait before trying again (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;
/**
 * The longest a request may take before the app answers 503 itself: below the
 * functions' timeouts (10 s public, 15 s admin; infra/src/constructs/api.ts),
 * so the caller gets a clear answer instead of API Gateway's timeout. Staff
 * routes get longer: a 1,000-row lead import is one request.
 */
export const REQUEST_DEADLINE_MS = { public: 8_000, staff: 12_000, bulkImport: 14_000 } as const;

/** Routes that may run longer than other staff routes (still under the admin Lambda's 15 s). */
const LONG_ROUTES: Record<string, number> = { 'POST /api/leads/bulk-import': REQUEST_DEADLINE_MS.bulkImport };

function unavailable(): Response {
  return new Response(JSON.stringify(errorBody(UNAVAILABLE_MESSAGE)), {
    status: 503,
    headers: { 'content-type': 'application/json', 'retry-after': String(RETRY_AFTER_SECONDS) },
  });
}

/**
 * Answers 503 when the rest of the request has not finished within `ms`. What
 * was running goes on in the background until the SDK's own timeouts end it
 * (db/client.ts). Each DynamoDB write (one item or one transaction) happens
 * whole or not at all, and a form sent again is deduplicated by phone.
 */
function deadline(override: number | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const route = handlerRoute(c);
    const isPublic = !route || publicRoutes.has(`${route.method} ${route.path}`);
    const ms = override ?? (route && LONG_ROUTES[`${route.method} ${route.path}`]) ?? (isPublic ? REQUEST_DEADLINE_MS.public : REQUEST_DEADLINE_MS.staff);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<'expired'>((resolve) => {
      timer = setTimeout(() => resolve('expired'), ms);
    });
    try {
      const outcome = await Promise.race([next().then(() => 'done' as const), expired]);
      if (outcome === 'expired') {
        log.warn('request deadline passed', { method: c.req.method, path: c.req.path, requestId: c.var.requestId, deadlineMs: ms });
        return unavailable();
      }
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * The whole API as one Hono app. Hosts (Lambda, the local server) only provide
 * Deps; nothing here knows which host runs it.
 */
export function createApp(deps: Deps) {
  const api = new Hono<AppEnv>()
    .use(staffOnly)
    .route('/site', site)
    .route('/projects', projects)
    .route('/blog-posts', blogPosts)
    .route('/calculator', calculator)
    .route('/contact', contact)
    .route('/auth', auth)
    .route('/users', users)
    .route('/users', employeePhotos)
    .route('/dashboard', dashboard)
    .route('/leads', leads)
    .route('/customers', customers)
    .route('/vendors', vendors)
    .route('/departments', departments)
    .route('/job-roles', jobRoles)
    .route('/transactions', transactions)
    .route('/finance', finance)
    .route('/quotations', quotations)
    .route('/quote-links', quoteLinks)
    .route('/audit-log', auditLog)
    .route('/quotation', quotationLookups)
    .route('/rate-library', rateLibrary)
    .route('/attendance', attendance)
    .route('/notifications', notifications)
    .route('/settings', testEmailRoute)
    .route('/settings', settings)
    .route('/settings', backups);

  const app = new Hono<AppEnv>()
    // Always our own id: a client's X-Request-Id must not end up in the audit log.
    .use(requestId({ headerName: '' }))
    .use(deadline(deps.requestDeadlineMs))
    .use(async (c, next) => {
      c.set('deps', deps);
      await next();
    })
    .use(settingsLogLevel)
    .route('/api', api)
    .route('/', seo);

  // The website's pages, rendered on the server (site/pages-routes.ts): after /api, outside AppType.
  app.route('/', pageRoutes({ request: (input, init, env) => app.request(input, init, env) }));
  app.notFound((c) => c.json(errorBody('Not found'), 404));
  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      return c.json(errorBody(error.message || 'Bad request'), error.status);
    }
    // The database (or another AWS service) is down, slow or throttling: not a bug, and worth retrying.
    if (isServiceUnavailable(error)) {
      log.warn('service unavailable', { method: c.req.method, path: c.req.path, requestId: c.var.requestId, error });
      return unavailable();
    }
    log.error('unhandled error', { method: c.req.method, path: c.req.path, requestId: c.var.requestId, error });
    return c.json(errorBody('Something went wrong on our side. Please try again.'), 500);
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
/** The route types the web's typed client is built from. */
export type AppType = App;
