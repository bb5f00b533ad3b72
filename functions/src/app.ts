import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { matchedRoutes } from 'hono/route';
import { csrfGuard, requireSession } from './auth';
import { isServiceUnavailable } from './db/unavailable';
import type { Deps, AppEnv } from './app-deps';
import { errorBody } from './lib/http';
import { log } from './lib/log';
import { answersArePrivate, declarationsOf, REQUEST_DEADLINE_MS, routeKey, type DeclaredRoute } from './lib/route-access';
import { attendance } from './people/routes';
import { auditLog } from './audit/routes';
import { auth, passwordReset } from './auth/routes';
import { backups } from './backup/routes';
import { blogPosts } from './blog/routes';
import { projects } from './projects/routes';
import { quotationLookups } from './quotations/routes';
import { packageRules, rateLibrary } from './quotations/routes';
import { quotations } from './quotations/routes';
import { quoteLinks } from './quotations/routes';
import { dashboard } from './dashboard/routes';
import { finance } from './finance/routes';
import { leads } from './leads/routes';
import { campaigns } from './campaigns/routes';
import { notifications, testEmailRoute } from './notify/routes';
import { pageRoutes } from './site/routes';
import { customers } from './customers/routes';
import { calculator, contact, formToken } from './leads/routes';
import { seo } from './site/routes';
import { settings } from './settings/routes';
import { oneSettingsRead, settingsLogLevel } from './settings';
import { site } from './site/routes';
import { transactions } from './finance/routes';
import { users } from './people/routes';
import { employeePhotos } from './people/routes';
import { vendors } from './vendors/routes';
import { googleAdsWebhook, integrations, metaWebhook } from './integrations/routes';
import { departments, jobRoles, sampleData } from './people/routes';

/**
 * The API route that will answer this request, if any: the first matching
 * /api handler (not a middleware). A host may add catch-alls after the app
 * (the local server's SPA fallback), which are not API routes.
 */
function handlerRoute(c: Context) {
  return matchedRoutes(c).find((route) => route.method !== 'ALL' && route.path.startsWith('/api/'));
}

/** The declarations of an app's routes by route key ('GET /api/projects/:id'): read once the app is assembled. */
type RouteTable = Map<string, DeclaredRoute>;

/** The declaration of the route that will answer this request, if it is an /api route and declares one. */
function declarationOf(table: RouteTable, c: Context) {
  const route = handlerRoute(c);
  return { route, declared: route && table.get(`${route.method} ${route.path}`) };
}

/**
 * Deny by default: a request reaching an /api route not declared public or a
 * client link (lib/route-access.ts, in the route's chain) needs a live session
 * and, for state-changing methods, passes the CSRF guard. A route that declares
 * nothing is a staff route. Paths no route serves fall through to the JSON 404.
 */
const staffOnly =
  (table: RouteTable): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const { route, declared } = declarationOf(table, c);
    if (!route || (declared && declared.access !== 'staff')) return next();
    return requireSession(c, async () => {
      // A middleware that refuses returns its Response instead of calling next.
      const refused: unknown = await csrfGuard(c, next);
      if (refused instanceof Response) c.res = refused;
    });
  };

/**
 * Security review (issue 24): no staff answer is kept by a browser or a shared
 * cache. Every answer of a route whose answers are private (lib/route-access.ts
 * answersArePrivate: staff routes, share links, the sign-in routes; an /api
 * route that declares nothing is a staff route) says Cache-Control: no-store,
 * refusals and errors included, unless the route set its own. Public answers
 * keep what their routes say.
 */
const noStoreWhenPrivate =
  (table: RouteTable): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    await next();
    const { route, declared } = declarationOf(table, c);
    if (!route || (declared && !answersArePrivate(declared))) return;
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  };

/** What a visitor reads when the database is down, slow or throttling: nothing they did wrong. */
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';
/** Seconds a client should wait before trying again (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;
/** The deadlines by access (the bulk import declares its own): lib/route-access.ts. */
export { REQUEST_DEADLINE_MS };

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
function deadline(table: RouteTable, override: number | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { route, declared } = declarationOf(table, c);
    // No /api route: the public deadline; an /api route that declares nothing is a staff route.
    const ms = override ?? declared?.deadlineMs ?? (route ? REQUEST_DEADLINE_MS.staff : REQUEST_DEADLINE_MS.public);
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

/** The /api routes, each module's at its path; `guard` runs before each of them. */
function apiRoutes(guard: MiddlewareHandler<AppEnv>) {
  return new Hono<AppEnv>()
    .use(guard)
    .route('/site', site)
    .route('/projects', projects)
    .route('/blog-posts', blogPosts)
    .route('/calculator', calculator)
    .route('/contact', contact)
    .route('/form-token', formToken)
    .route('/webhooks/meta', metaWebhook)
    .route('/webhooks/google-ads', googleAdsWebhook)
    .route('/auth', auth)
    .route('/auth', passwordReset)
    .route('/users', users)
    .route('/users', employeePhotos)
    .route('/dashboard', dashboard)
    .route('/leads', leads)
    .route('/campaigns', campaigns)
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
    .route('/package-rules', packageRules)
    .route('/attendance', attendance)
    .route('/notifications', notifications)
    .route('/settings', testEmailRoute)
    .route('/settings', settings)
    .route('/integrations', integrations)
    // Before the backups' routes, which are the superadmin's alone.
    .route('/settings/sample-data', sampleData)
    .route('/settings', backups);
}

type Requester = Parameters<typeof pageRoutes>[0];

/**
 * Every route the app serves, in order: /api, the crawler files, and the
 * website's pages (site/pages-routes.ts: last, outside AppType), which read
 * the app's own routes through `self`.
 */
function servedRoutes(guard: MiddlewareHandler<AppEnv>, self: Requester) {
  const served = new Hono<AppEnv>().route('/api', apiRoutes(guard)).route('/', seo);
  served.route('/', pageRoutes(self));
  return served;
}

/**
 * Every route's declaration (lib/route-access.ts), read from the routes as the
 * app serves them: what infra builds the API Gateway route table from
 * (infra/src/constructs/api-routes.ts) and the route tests check.
 */
export function declaredRoutes() {
  const pass: MiddlewareHandler<AppEnv> = (_c, next) => next();
  return declarationsOf(servedRoutes(pass, { request: () => new Response(null, { status: 404 }) }).routes);
}

/**
 * The whole API as one Hono app. Hosts (Lambda, the local server) only provide
 * Deps; nothing here knows which host runs it.
 */
export function createApp(deps: Deps) {
  const table: RouteTable = new Map();
  // The pages read the app's own routes in this process (site/pages-routes.ts).
  const self: Requester = { request: (input, init, env) => app.request(input, init, env) };
  const app = new Hono<AppEnv>()
    // Always our own id: a client's X-Request-Id must not end up in the audit log.
    .use(requestId({ headerName: '' }))
    // Outside the deadline, so its 503 for a staff route is no-store too.
    .use(noStoreWhenPrivate(table))
    .use(deadline(table, deps.requestDeadlineMs))
    .use(async (c, next) => {
      c.set('deps', deps);
      await next();
    })
    // Every settings read of a request shares one read of the item.
    .use(oneSettingsRead)
    .use(settingsLogLevel)
    .route('/', servedRoutes(staffOnly(table), self));
  for (const route of declarationsOf(app.routes).declared) table.set(routeKey(route), route);

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
