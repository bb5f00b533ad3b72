import type { MiddlewareHandler } from 'hono';
import type { Role } from '@app/shared-types/auth';

/**
 * Who may call a route, which Lambda function serves it and how long it may
 * take: declared where the route is defined, as the first handler of its chain
 * (`.get('/', access.public({ lambda: 'public' }), ...)`). The app's guard
 * (app.ts), the infra route table (infra/src/constructs/api-routes.ts) and the
 * route tests (functions/test/route-guard.test.ts) all read these.
 */

/**
 * The longest a request may take before the app answers 503 itself: below the
 * functions' timeouts (10 s public, 15 s admin; infra/src/constructs/api.ts),
 * so the caller gets a clear answer instead of API Gateway's timeout. Staff
 * routes get longer: a 1,000-row lead import is one request (bulkImport).
 */
export const REQUEST_DEADLINE_MS = { public: 8_000, staff: 12_000, bulkImport: 14_000 } as const;

/**
 * The Lambda function API Gateway sends a route to (the admin function's catch-all unless said otherwise),
 * each with a role that allows only what its routes do (infra/src/constructs/api.ts):
 * - public: the website (its reads, forms, pages and the blog view beacon);
 * - auth: signing in and requesting access, and who is signed in (GET /api/auth/me);
 * - clientLink: a client's share link (the quote and their answer), without its PDF;
 * - pdf: the quotation PDFs, for staff and through the share link;
 * - admin: every staff route. A route without a session (public or client-link) may not run here.
 */
export type RouteLambda = 'public' | 'admin' | 'pdf' | 'auth' | 'clientLink';

export interface RouteDeclaration {
  /**
   * public: anyone (the website's reads and forms, signing in); client-link: a client's share
   * link, whose unguessable token in the path is the credential; staff: a signed-in employee.
   * Only staff routes pass the guard's session check and CSRF guard.
   */
  readonly access: 'public' | 'client-link' | 'staff';
  /** Staff routes: the lowest role let through (the route's own requireRole enforces it; route-guard.test.ts checks). */
  readonly minRole: Role | undefined;
  readonly lambda: RouteLambda;
  /** The app's deadline for the request (REQUEST_DEADLINE_MS by access unless given). */
  readonly deadlineMs: number;
  /** An API Gateway throttle tighter than the stage's, for this route alone. */
  readonly throttle: { readonly rateLimit: number; readonly burstLimit: number } | undefined;
}

export interface RouteOptions {
  lambda?: RouteLambda;
  deadlineMs?: number;
  throttle?: { rateLimit: number; burstLimit: number };
}

const declarations = new WeakMap<object, RouteDeclaration>();

function declare(access: RouteDeclaration['access'], minRole: Role | undefined, options: RouteOptions): MiddlewareHandler {
  // Does nothing when it runs: the guard in app.ts reads the declaration before the route's chain starts.
  const handler: MiddlewareHandler = async (_c, next) => {
    await next();
  };
  declarations.set(handler, {
    access,
    minRole,
    lambda: options.lambda ?? 'admin',
    deadlineMs: options.deadlineMs ?? (access === 'staff' ? REQUEST_DEADLINE_MS.staff : REQUEST_DEADLINE_MS.public),
    throttle: options.throttle,
  });
  return handler;
}

export const access = {
  /** Anyone, without a session. */
  public: (options: RouteOptions = {}) => declare('public', undefined, options),
  /** A client through their share link: the token in the path is the credential, no session. */
  clientLink: (options: RouteOptions = {}) => declare('client-link', undefined, options),
  /** Any signed-in staff member (a handler may still refuse some of them by what they ask for). */
  staff: (options: RouteOptions = {}) => declare('staff', 'employee', options),
  /** Signed-in staff of `minRole` or above; the chain's requireRole says the same. */
  role: (minRole: Exclude<Role, 'employee'>, options: RouteOptions = {}) => declare('staff', minRole, options),
};

/** One route of an app with its declaration: `method` and `path` as Hono has them ('GET /api/projects/:id'). */
export interface DeclaredRoute extends RouteDeclaration {
  readonly method: string;
  readonly path: string;
}

/** What a Hono app's `routes` holds (hono's RouterRoute): one entry per handler of each chain, middleware as ALL. */
interface RouterRoute {
  method: string;
  path: string;
  handler: object;
}

/**
 * The declared routes of an app, in the order it serves them, and the served
 * routes that declare nothing (`undeclared`: the route tests refuse them; the
 * guard treats them as staff routes). A route declares once, by its first handler.
 */
export function declarationsOf(routes: readonly RouterRoute[]): { declared: DeclaredRoute[]; undeclared: string[] } {
  const declared = new Map<string, DeclaredRoute>();
  const served = new Set<string>();
  const firstHandler = new Set<string>();
  for (const { method, path, handler } of routes) {
    if (method === 'ALL') continue; // middleware
    const key = `${method} ${path}`;
    const declaration = declarations.get(handler);
    const first = !firstHandler.has(key);
    firstHandler.add(key);
    served.add(key);
    if (!declaration) continue;
    if (!first) throw new Error(`${key}: the route's declaration must be the first handler of its chain`);
    if (declared.has(key)) throw new Error(`${key} is declared twice`);
    declared.set(key, { method, path, ...declaration });
  }
  return { declared: [...declared.values()], undeclared: [...served].filter((key) => !declared.has(key)) };
}

/** The sign-in routes (auth/auth-routes.ts): public, as no session exists yet, but what they answer is the caller's own. */
const SIGN_IN_PATH_PREFIX = '/api/auth/';

/**
 * Whether a route's answers are for its caller alone, never to be kept by a
 * browser or a shared cache (app.ts sends them with Cache-Control: no-store
 * unless the route set its own): a staff route's, a client's share link's, and
 * the sign-in routes' (who is signed in, a session being started). The
 * website's public routes say how they may be cached themselves.
 */
export function answersArePrivate(route: Pick<DeclaredRoute, 'access' | 'path'>): boolean {
  return route.access !== 'public' || route.path.startsWith(SIGN_IN_PATH_PREFIX);
}

/** The declared route's key ('GET /api/projects/:id'). */
export const routeKey = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

/**
 * The API Gateway paths of a Hono path: ':param' becomes '{param}', and a
 * trailing '*' (every path below) becomes the path itself and '{proxy+}'.
 */
export function apiGatewayPaths(path: string): string[] {
  const converted = path.replace(/:(\w+)/g, '{$1}');
  if (!converted.endsWith('/*')) return [converted];
  const base = converted.slice(0, -2);
  return [base || '/', `${base}/{proxy+}`];
}
