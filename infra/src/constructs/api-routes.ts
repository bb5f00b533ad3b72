import { type CfnRoute, type CfnStage, type HttpApi, HttpMethod, type HttpRoute, type HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { declaredRoutes } from '@app/functions/app';
import { apiGatewayPaths, routeKey, type DeclaredRoute, type RouteLambda } from '@app/functions/lib/route-access';

/**
 * The HTTP API's route table, built from the routes' declarations
 * (functions/src/lib/route-access.ts, in each route's chain): which Lambda
 * function API Gateway sends a route to, and the routes' own throttles. Hono's
 * ':param' is API Gateway's '{param}'; its '*' is the path and '{proxy+}'.
 */
type ApiGatewayMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface ApiGatewayRoute {
  readonly method: ApiGatewayMethod;
  readonly path: string;
}

const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] satisfies ApiGatewayMethod[];
const isMethod = (method: string): method is ApiGatewayMethod => METHODS.includes(method);

/**
 * The app's declared routes, or an error naming those infra cannot route safely: a route
 * without a declaration, a path outside /api not on the public function, and a route anyone
 * may call (public, or a client's link) on the admin function.
 */
export function checkedDeclarations({ declared, undeclared }: ReturnType<typeof declaredRoutes>): readonly DeclaredRoute[] {
  // The guard serves an undeclared route as a staff route, but its function is unknown: refuse it here too.
  if (undeclared.length > 0) throw new Error(`routes without a declaration (lib/route-access.ts): ${undeclared.join(', ')}`);
  // Only /api has the admin function's catch-all: any other path needs a route of its own, to the public function.
  const stray = declared.filter((route) => !route.path.startsWith('/api/') && route.lambda !== 'public');
  if (stray.length > 0) throw new Error(`routes outside /api must be served by the public function: ${stray.map(routeKey).join(', ')}`);
  // The admin role reaches every item: a route anyone may call runs on a function whose role allows only its calls.
  const open = declared.filter((route) => route.access !== 'staff' && route.lambda === 'admin');
  if (open.length > 0) throw new Error(`routes without a session may not run on the admin function (name their lambda): ${open.map(routeKey).join(', ')}`);
  return declared;
}

const DECLARED = checkedDeclarations(declaredRoutes());

function apiGatewayRoutes(routes: readonly DeclaredRoute[]): ApiGatewayRoute[] {
  return routes.flatMap(({ method, path }) => {
    if (!isMethod(method)) throw new Error(`${method} ${path}: API Gateway routes name one method`);
    return apiGatewayPaths(path).map((gatewayPath) => ({ method, path: gatewayPath }));
  });
}

const servedBy = (lambda: RouteLambda, pages: boolean) =>
  DECLARED.filter((route) => route.lambda === lambda && !route.path.startsWith('/api/') === pages);

/**
 * The routes API Gateway sends to the public function. Everything else under
 * /api goes to the admin function (`ANY /api/{proxy+}`): API Gateway picks the
 * most specific route, so these win over the catch-all for their method only.
 */
export const PUBLIC_ROUTES: readonly ApiGatewayRoute[] = apiGatewayRoutes([
  ...servedBy('public', false),
  ...servedBy('public', true).filter((route) => !route.path.endsWith('*')),
]);

/**
 * The website's pages, rendered by the public function (functions/src/site/pages-routes.ts): '/' and
 * every other path CloudFront sends here (its default behaviour). /api paths never match these:
 * their own routes and the admin catch-all are more specific.
 */
export const PAGE_ROUTES: readonly ApiGatewayRoute[] = apiGatewayRoutes(servedBy('public', true).filter((route) => route.path.endsWith('*')));

export const ADMIN_ROUTE = { method: 'ANY', path: '/api/{proxy+}' } as const;

/**
 * The routes API Gateway sends to the PDF function: the quotation PDF for
 * staff and through the client's share link. More specific than the admin
 * catch-all, so they win over it; the admin function leaves the renderer out.
 */
export const PDF_ROUTES: readonly ApiGatewayRoute[] = apiGatewayRoutes(servedBy('pdf', false));

/** The routes API Gateway sends to the auth function: signing in, requesting access, who is signed in. */
export const AUTH_ROUTES: readonly ApiGatewayRoute[] = apiGatewayRoutes(servedBy('auth', false));

/** The routes API Gateway sends to the client-link function: a quote's share link and the client's answer. */
export const CLIENT_LINK_ROUTES: readonly ApiGatewayRoute[] = apiGatewayRoutes(servedBy('clientLink', false));

/** The routes of each function but the admin one, whose catch-all takes every other /api path. */
const OWN_ROUTES: readonly [Exclude<RouteLambda, 'admin'>, readonly ApiGatewayRoute[]][] = [
  ['public', [...PUBLIC_ROUTES, ...PAGE_ROUTES]],
  ['pdf', PDF_ROUTES],
  ['auth', AUTH_ROUTES],
  ['clientLink', CLIENT_LINK_ROUTES],
];

/** Whether API Gateway would send `route` to `other`: the same method and length, each segment equal or a variable of `other`. */
function caughtBy(route: ApiGatewayRoute, other: ApiGatewayRoute): boolean {
  if (route.method !== other.method || route.path === other.path) return false;
  const segments = route.path.split('/');
  const others = other.path.split('/');
  return segments.length === others.length && others.every((segment, i) => segment === segments[i] || /^\{\w+\}$/.test(segment));
}

/**
 * Admin routes that another function's path variable would otherwise catch
 * (GET /api/projects/{id} matches /api/projects/manage). A path without a
 * variable is more specific, so API Gateway picks these for the admin function.
 */
export const ADMIN_ROUTES_BESIDE_PUBLIC: readonly ApiGatewayRoute[] = apiGatewayRoutes(servedBy('admin', false)).filter((route) =>
  OWN_ROUTES.some(([, routes]) => routes.some((other) => caughtBy(route, other))),
);

/** API Gateway's own throttle of single routes, by route key, as CloudFormation's RouteSettings spells it. */
export const ROUTE_THROTTLES: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = Object.fromEntries(
  DECLARED.flatMap((route) => {
    if (!route.throttle) return [];
    if (route.lambda === 'admin') throw new Error(`${routeKey(route)}: a throttled route needs its own API Gateway route (lambda public or pdf)`);
    const settings = { ThrottlingRateLimit: route.throttle.rateLimit, ThrottlingBurstLimit: route.throttle.burstLimit };
    return apiGatewayRoutes([route]).map((gateway) => [routeKey(gateway), settings]);
  }),
);

/** The /api routes served without a session (public, and clients' share links), as Hono names them. */
export const PUBLIC_API_ROUTES: readonly string[] = DECLARED.filter((route) => route.access !== 'staff' && route.path.startsWith('/api/')).map(routeKey);

/** The integration ids of the functions: the first three as they have always been named. */
const INTEGRATION_IDS: Record<RouteLambda, string> = {
  public: 'PublicIntegration',
  admin: 'AdminIntegration',
  pdf: 'PdfIntegration',
  auth: 'AuthIntegration',
  clientLink: 'ClientLinkIntegration',
};

/**
 * Adds the route table to the HTTP API: the public function's routes and pages, the admin
 * function's catch-all (and the routes beside other functions' ones), the PDF, auth and
 * client-link functions' routes, and the routes' own throttles on the stage. Answers the routes made.
 */
export function addApiRoutes(httpApi: HttpApi, stage: HttpStage, functions: Record<RouteLambda, IFunction>): HttpRoute[] {
  const routes: HttpRoute[] = [];
  const addRoutes = (lambda: RouteLambda, own: readonly ApiGatewayRoute[]) => {
    if (own.length === 0) return;
    const integration = new HttpLambdaIntegration(INTEGRATION_IDS[lambda], functions[lambda]);
    for (const route of own) routes.push(...httpApi.addRoutes({ path: route.path, methods: [HttpMethod[route.method]], integration }));
  };
  for (const [lambda, own] of OWN_ROUTES) addRoutes(lambda, own);
  const adminIntegration = new HttpLambdaIntegration('AdminIntegration', functions.admin);
  routes.push(
    ...httpApi.addRoutes({
      path: ADMIN_ROUTE.path,
      methods: [HttpMethod.ANY],
      integration: adminIntegration,
    }),
  );
  for (const route of ADMIN_ROUTES_BESIDE_PUBLIC) {
    routes.push(...httpApi.addRoutes({ path: route.path, methods: [HttpMethod[route.method]], integration: adminIntegration }));
  }
  // Routes declaring their own throttle (the form posts write to DynamoDB): a tighter ceiling than the read routes.
  // RouteSettings is untyped JSON in the L1 (a map of route key to settings), so CDK passes it
  // through as written: the keys must be CloudFormation's (ThrottlingRateLimit), or they are ignored.
  const cfnStage = stage.node.defaultChild as CfnStage;
  cfnStage.routeSettings = { ...ROUTE_THROTTLES };
  // Route settings name route keys, which must exist before the stage refers to them.
  for (const route of routes) cfnStage.addResourceDependency(route.node.defaultChild as CfnRoute);

  return routes;
}
