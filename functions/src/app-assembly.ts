import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { matchedRoutes } from 'hono/route';
import type { HonoBase } from 'hono/hono-base';
import type { BlankSchema, Schema } from 'hono/types';
import { isServiceUnavailable } from './db/unavailable';
import type { Deps, AppEnv } from './app-deps';
import { errorBody } from './lib/http';
import { log } from './lib/log';
import { answersArePrivate, declarationsOf, REQUEST_DEADLINE_MS, routeKey, type DeclaredRoute, type RouteLambda } from './lib/route-access';
import { oneSettingsRead, settingsLogLevel } from './settings';

/**
 * How an app is put together from the routes it serves, apart from which routes those are: the
 * whole app (app.ts: every module's routes, for the local server, the tests and infra's route table)
 * and each Lambda function's (handlers/<function>-routes.ts: only the modules whose routes it serves,
 * so its bundle leaves the others out).
 */

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
 * What a staff route runs first: auth's staff session guard (a live session, then the CSRF guard
 * for state-changing methods; auth/index.ts `staffSession`). Handed in by the apps that serve staff
 * routes (app.ts, handlers/<function>-routes.ts `staffSession`), never imported here: the public and
 * client-link functions, which serve none, then bundle no session code (aws-jwt-verify, the session
 * store).
 */
export type StaffSession = MiddlewareHandler<AppEnv>;

/** A staff route in an app given no StaffSession: refused, as requireSession refuses a request without a session. */
const noStaffSession: StaffSession = (c) => Promise.resolve(c.json(errorBody('Please sign in to continue'), 401));

/**
 * Deny by default: a request reaching an /api route not declared public or a
 * client link (lib/route-access.ts, in the route's chain) runs `session` (a live
 * session and, for state-changing methods, the CSRF guard). A route that declares
 * nothing is a staff route. Paths no route serves fall through to the JSON 404.
 */
const staffOnly =
  (table: RouteTable, session: StaffSession): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const { route, declared } = declarationOf(table, c);
    if (!route || (declared && declared.access !== 'staff')) return next();
    return session(c, next);
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

/** How the website's pages read the app's own routes, in this process (site/pages-routes.ts). */
export interface Requester {
  request: (input: string, init?: RequestInit, env?: unknown) => Response | Promise<Response>;
}

/**
 * The routes an app serves, in order: /api (behind `guard`), the crawler files and the website's
 * pages, which read the app's own routes through `self`.
 */
export type ServedRoutes<S extends Schema = BlankSchema, Path extends string = string> = (guard: MiddlewareHandler<AppEnv>, self: Requester) => HonoBase<AppEnv, S, '/', Path>;

/**
 * An app serving `served`. Hosts (Lambda, the local server) only provide Deps; nothing here knows
 * which host runs it.
 */
export function assembleApp<S extends Schema, Path extends string>(deps: Deps, served: ServedRoutes<S, Path>, staffSession: StaffSession = noStaffSession) {
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
    .route('/', served(staffOnly(table, staffSession), self));
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

/** One module's routes at their /api path ('/leads'), as the whole app mounts them (app.ts). */
export type ApiMount = readonly [path: string, routes: Hono<AppEnv>];

/**
 * The routes one Lambda function serves (handlers/<function>-routes.ts): the modules holding a route
 * declared for it (lib/route-access.ts `lambda`), mounted as the whole app mounts them and in its
 * order, so each route runs the same chain as there. A module's routes declared for other functions
 * are left out (functionRoutes); functions/test/function-routes.test.ts checks the list against the
 * declarations.
 */
export interface FunctionRoutes {
  readonly lambda: RouteLambda;
  /** Under /api. */
  readonly api: readonly ApiMount[];
  /** At the root, after /api: the crawler files. */
  readonly root?: readonly Hono<AppEnv>[];
  /** The website's pages, last. */
  readonly pages?: (self: Requester) => Hono<AppEnv>;
  /**
   * The staff session guard (auth/index.ts staffSession), for a function serving staff routes;
   * left out by those serving none (public, clientLink), whose bundles then carry no session code.
   * functions/test/function-routes.test.ts checks it is given exactly where a staff route is served.
   */
  readonly staffSession?: StaffSession;
}

/** What `routes` mounts, keeping only the routes declared for its function (middleware stays: it runs only before a route). */
export function functionRoutes(routes: FunctionRoutes): ServedRoutes<BlankSchema, '/'> {
  return (guard, self) => {
    const api = new Hono<AppEnv>().use(guard);
    for (const [path, module] of routes.api) api.route(path, module);
    const served = new Hono<AppEnv>().route('/api', api);
    for (const module of routes.root ?? []) served.route('/', module);
    if (routes.pages) served.route('/', routes.pages(self));
    const own = new Set(declarationsOf(served.routes).declared.filter((route) => route.lambda === routes.lambda).map(routeKey));
    const kept = new Hono<AppEnv>();
    for (const { method, path, handler } of served.routes) if (method === 'ALL' || own.has(`${method} ${path}`)) kept.on(method, path, handler);
    return kept;
  };
}

/** The app of one Lambda function: only the routes declared for it (see FunctionRoutes). */
export const createFunctionApp = (routes: FunctionRoutes, deps: Deps) => assembleApp(deps, functionRoutes(routes), routes.staffSession);
