import { Hono, type MiddlewareHandler } from 'hono';
import type { RouterRoute } from 'hono/types';
import { describe, expect, it } from 'vitest';
import { everyRoute } from '../src/app';
import { staffSession } from '../src/auth';
import { assembleApp, functionRoutes, type FunctionRoutes, type Requester } from '../src/app-assembly';
import type { AppEnv, Deps } from '../src/app-deps';
import { ADMIN_FUNCTION_ROUTES } from '../src/handlers/admin-routes';
import { AUTH_FUNCTION_ROUTES } from '../src/handlers/auth-routes';
import { CLIENT_LINK_FUNCTION_ROUTES } from '../src/handlers/client-link-routes';
import { PDF_FUNCTION_ROUTES } from '../src/handlers/pdf-routes';
import { PUBLIC_FUNCTION_ROUTES } from '../src/handlers/public-routes';
import { declarationsOf, routeKey, type RouteLambda } from '../src/lib/route-access';

/**
 * Each Lambda function runs only the routes declared for it (lib/route-access.ts `lambda`), from the
 * modules its list mounts (handlers/<function>-routes.ts), so its bundle leaves the others out. What
 * each list must serve is read from the declarations of the whole app (app.ts), never kept by hand.
 */
const FUNCTIONS: Record<RouteLambda, { file: string; routes: FunctionRoutes }> = {
  public: { file: 'public-routes.ts', routes: PUBLIC_FUNCTION_ROUTES },
  admin: { file: 'admin-routes.ts', routes: ADMIN_FUNCTION_ROUTES },
  auth: { file: 'auth-routes.ts', routes: AUTH_FUNCTION_ROUTES },
  clientLink: { file: 'client-link-routes.ts', routes: CLIENT_LINK_FUNCTION_ROUTES },
  pdf: { file: 'pdf-routes.ts', routes: PDF_FUNCTION_ROUTES },
};

// One guard and one `self` for every app here, so the same middleware is the same handler in each.
const guard: MiddlewareHandler = (_c, next) => next();
const self: Requester = { request: () => new Response(null, { status: 404 }) };
const WHOLE = everyRoute(guard, self);
const DECLARED = declarationsOf(WHOLE).declared;

/** An app serving `routes` as listed (to match requests against). */
function appOf(routes: readonly RouterRoute[]) {
  const app = new Hono();
  for (const { method, path, handler } of routes) app.on(method, path, handler);
  return app;
}
const WHOLE_APP = appOf(WHOLE);

/** A path that reaches a route: each variable (and a trailing '*') becomes 'x'. */
const pathOf = (path: string) => path.replace(/:(\w+)/g, 'x').replace(/\*$/, 'x');

/**
 * The handlers a request to `route` runs through in an app of `routes`, in order, up to the route's
 * own last handler (what comes after never runs): middleware, and the chains of the routes in `keep`.
 */
function chainOf(app: Hono, route: { method: string; path: string }, keep: (key: string) => boolean) {
  const [matched] = app.router.match(route.method, pathOf(route.path));
  const entries = matched.map(([[, entry]]) => entry).filter((entry) => entry.method === 'ALL' || keep(routeKey(entry)));
  const last = entries.findLastIndex((entry) => routeKey(entry) === routeKey(route));
  // The pages' handlers are made for each app (site/pages-routes.ts pageRoutes): the same code, another closure.
  return entries.slice(0, last + 1).map(({ method, path, handler }) => `${method} ${path} ${String(handler)}`);
}

describe("each Lambda function's routes (handlers/<function>-routes.ts)", () => {
  for (const [lambda, { file, routes }] of Object.entries(FUNCTIONS)) {
    describe(lambda, () => {
      const served = functionRoutes(routes)(guard, self).routes;
      const own = declarationsOf(served);
      const expected = DECLARED.filter((route) => route.lambda === lambda);

      it('are exactly the routes declared for it, declared as in the whole app, in its order', () => {
        expect(routes.lambda).toBe(lambda);
        expect(own.undeclared).toEqual([]);
        const keys = new Set(own.declared.map(routeKey));
        const missing = expected.filter((route) => !keys.has(routeKey(route))).map(routeKey);
        expect(missing, `mount the modules of these routes in handlers/${file} as app.ts mounts them`).toEqual([]);
        expect(own.declared).toEqual(expected);
      });

      it('mounts no module without a route of its own (it would only weigh on the bundle)', () => {
        const idle = routes.api
          .filter((mount) => functionRoutes({ lambda: routes.lambda, api: [mount] })(guard, self).routes.every((route) => route.method === 'ALL'))
          .map(([path]) => path);
        expect(idle, `handlers/${file}`).toEqual([]);
      });

      it('is given the staff session guard exactly when it serves a staff route (the others bundle no session code)', () => {
        const servesStaff = expected.some((route) => route.access === 'staff');
        expect(routes.staffSession, `handlers/${file}: staffSession`).toBe(servesStaff ? staffSession : undefined);
      });

      it('runs each of its routes through the same middleware and handlers as the whole app', () => {
        const keys = new Set(expected.map(routeKey));
        const app = appOf(served);
        for (const route of expected) {
          expect(chainOf(app, route, () => true), routeKey(route)).toEqual(chainOf(WHOLE_APP, route, (key) => keys.has(key)));
        }
      });
    });
  }

  it('together serve every route of the whole app, each in one function', () => {
    const served = Object.values(FUNCTIONS).flatMap(({ routes }) => declarationsOf(functionRoutes(routes)(guard, self).routes).declared.map(routeKey));
    expect(served.sort()).toEqual(DECLARED.map(routeKey).sort());
    expect(new Set(served).size).toBe(served.length);
  });
});

describe('an app given no staff session guard (the public and client-link functions)', () => {
  it('refuses a staff route with 401, as a request without a session is refused', async () => {
    const staff = (guard: MiddlewareHandler<AppEnv>) => new Hono<AppEnv>().use(guard).get('/api/secret', (c) => c.json({ secret: true }));
    // No database is reached: the guard answers before any route runs (the log level's settings read fails quietly).
    const app = assembleApp({ db: { table: 'function-routes-test' } } as unknown as Deps, staff);
    const res = await app.request('/api/secret');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'Please sign in to continue' });
  });
});
