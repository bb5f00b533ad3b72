import { Hono, type MiddlewareHandler } from 'hono';
import type { RouterRoute } from 'hono/types';
import { assembleApp, type Requester } from './app-assembly';
import type { Deps, AppEnv } from './app-deps';
import { staffSession } from './auth';
import { declarationsOf } from './lib/route-access';
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
import { site } from './site/routes';
import { transactions } from './finance/routes';
import { users } from './people/routes';
import { employeePhotos } from './people/routes';
import { vendors } from './vendors/routes';
import { googleAdsWebhook, integrations, metaWebhook } from './integrations/routes';
import { departments, jobRoles, sampleData } from './people/routes';

/**
 * The /api routes, each module's at its path; `guard` runs before each of them. A module's routes
 * mounted here are mounted, at the same path and in the same order, by each Lambda function serving
 * one of them (handlers/<function>-routes.ts): functions/test/function-routes.test.ts names what is missing.
 */
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

const letThrough: MiddlewareHandler<AppEnv> = (_c, next) => next();
const noSelf: Requester = { request: () => new Response(null, { status: 404 }) };

/**
 * Every route the whole app serves, as Hono lists them (middleware too), with `guard` (by default one
 * that lets every request through): what the declarations are read from and each function's routes
 * are compared with (functions/test/function-routes.test.ts).
 */
export function everyRoute(guard = letThrough, self = noSelf): readonly RouterRoute[] {
  return servedRoutes(guard, self).routes;
}

/**
 * Every route's declaration (lib/route-access.ts), read from the routes as the
 * app serves them: what infra builds the API Gateway route table from
 * (infra/src/constructs/api-routes.ts) and the route tests check.
 */
export function declaredRoutes() {
  return declarationsOf(everyRoute());
}

/**
 * The whole app: every module's routes, as the local server and the tests run it. Each Lambda
 * function runs only the routes declared for it (handlers/<function>-routes.ts, app-assembly.ts).
 */
export function createApp(deps: Deps) {
  return assembleApp(deps, servedRoutes, staffSession);
}

export type App = ReturnType<typeof createApp>;
/** The route types the web's typed client is built from. */
export type AppType = App;
/** What a request answers when the database is down or a deadline passes (app-assembly.ts). */
export { REQUEST_DEADLINE_MS, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from './app-assembly';
