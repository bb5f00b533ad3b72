import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../src/db/client';
import type { JobRunner } from '../../src/jobs/backup';
import { declarationsOf, routeKey } from '../../src/lib/route-access';
import type { App } from '../../src/app';
import { allows, describeRequest, iamRequestsOf, ROLE_POLICY_FILES, stringLike, type FunctionName, type IamRequest, type PolicySnapshot } from './policy';

export type { FunctionName };

/** A function's role as synthesized, committed by the infra test. */
export function rolePolicy(fn: FunctionName): PolicySnapshot {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`../../../infra/${ROLE_POLICY_FILES[fn]}`, import.meta.url)), 'utf8')) as PolicySnapshot;
}

/** One DynamoDB call made while a function served a request (or ran a job), as IAM would authorize it. */
export interface RecordedCall {
  /** The function that made it: the one API Gateway sends the request's route to. */
  fn: FunctionName;
  /** The route as the app declares it ("GET /api/projects/:id"), or the job's name. */
  route: string;
  /** The low-level command ("TransactWriteItemsCommand"). */
  command: string;
  requests: IamRequest[];
}

/** A Hono path as a regular expression: ':name' one segment, a trailing '/*' the path itself and every path below. */
function pathPattern(path: string): RegExp {
  const below = path.endsWith('/*');
  const escaped = (below ? path.slice(0, -2) : path).replace(/[.+^$()|[\]\\]/g, '\\$&');
  const source = escaped.replace(/:\w+(\{[^}]*\})?/g, '[^/]+').replace(/\*/g, '.*');
  return new RegExp(`^${source}${below ? '(/.*)?' : ''}$`);
}

/**
 * The function a request runs in when deployed, and the route that answers it:
 * the first declared route of the app that matches (the one Hono runs), whose
 * declaration names its function (infra builds API Gateway's route table from the
 * same declarations, api-routes.ts). An /api path no route serves goes to the
 * admin function's catch-all; any other path without a route reaches no function.
 */
export function routeResolver(app: App) {
  const routes = declarationsOf(app.routes).declared.map((route) => ({ route, pattern: pathPattern(route.path) }));
  return (method: string, path: string): { fn: FunctionName; route: string } | undefined => {
    const wanted = method === 'HEAD' ? 'GET' : method;
    const found = routes.find(({ route, pattern }) => route.method === wanted && pattern.test(path));
    if (found) return { fn: found.route.lambda, route: routeKey(found.route) };
    return path.startsWith('/api/') ? { fn: 'admin', route: 'ANY /api/{proxy+}' } : undefined;
  };
}

/**
 * Records every DynamoDB call the app makes while serving a request, under the
 * function that would serve it deployed (routeResolver): a middleware on the test
 * app's DynamoDB client (its build step, where the command's input is the
 * low-level request) and the app's `request` wrapped (`attach`) so each request
 * runs in its own async context naming its function and route. A request made
 * while serving another (the website's pages read the app's own routes, in the
 * same process) stays in the outer request's function. Calls the test makes itself
 * are not recorded; `runAs` records work run as a function (the Jobs function's
 * jobs, which tests run in the process that started them).
 */
export function callRecorder(db: Db) {
  const serving = new AsyncLocalStorage<{ fn: FunctionName; route: string }>();
  const calls: RecordedCall[] = [];
  /** Every route requested, by function, whether or not it called DynamoDB. */
  const served = new Map<FunctionName, Set<string>>();
  db.doc.middlewareStack.add(
    (next, context) => async (args) => {
      const current = serving.getStore();
      if (current) {
        const command = context.commandName ?? 'unknown';
        calls.push({ ...current, command, requests: iamRequestsOf(command, args.input as Record<string, unknown>, db.table) });
      }
      return next(args);
    },
    { step: 'build', name: 'iamReplayRecorder' },
  );
  const attach = (app: App) => {
    const resolve = routeResolver(app);
    const request = app.request;
    app.request = ((input, init, ...rest) => {
      if (serving.getStore()) return request(input, init, ...rest);
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const method = ((input instanceof Request ? input.method : init?.method) ?? 'GET').toUpperCase();
      // A path no route serves reaches no function (outside /api) and makes no call.
      const target = resolve(method, url.pathname) ?? { fn: 'public', route: `no route: ${method} ${url.pathname}` };
      if (!served.has(target.fn)) served.set(target.fn, new Set());
      served.get(target.fn)!.add(target.route);
      return serving.run(target, () => request(input, init, ...rest));
    }) as typeof app.request;
  };
  const runAs = <T>(fn: FunctionName, route: string, work: () => Promise<T>): Promise<T> => serving.run({ fn, route }, work);
  return { calls, served, runAs, attach };
}

/** What the Jobs function runs, started by a test app's host: run as the Jobs function (its role), wherever it is started. */
export function asJobsFunction(recorder: Pick<ReturnType<typeof callRecorder>, 'runAs'>, runner: JobRunner): JobRunner {
  return { start: (request) => recorder.runAs('jobs', 'backupJob' in request ? 'backup job' : request.task, () => runner.start(request)) };
}

/** The recorded calls of `fn` that its role (as synthesized) would refuse, one line each. */
export function refusedCalls(calls: readonly RecordedCall[], fn: FunctionName, policy: PolicySnapshot = rolePolicy(fn)): string[] {
  return calls
    .filter((call) => call.fn === fn)
    .flatMap((call) =>
      call.requests.filter((request) => !allows(policy.statements, request)).map((request) => `${call.route}: ${call.command} -> ${describeRequest(request)}`),
    );
}

/** "GetItem 57, PutItem 393, ..." of `fn`'s recorded calls, for the replay's summary line. */
export function callSummary(calls: readonly RecordedCall[], fn: FunctionName): string {
  const perAction = new Map<string, number>();
  for (const request of calls.filter((call) => call.fn === fn).flatMap((call) => call.requests)) {
    perAction.set(request.action, (perAction.get(request.action) ?? 0) + 1);
  }
  return [...perAction].sort().map(([action, count]) => `${action.replace('dynamodb:', '')} ${count}`).join(', ');
}

/**
 * The partitions `fn`'s role grants that no recorded call of `fn` used, as `sid pattern`: a replay
 * that leaves none shows the role grants nothing its routes do not need (as far as the replay goes).
 */
export function unusedGrants(calls: readonly RecordedCall[], fn: FunctionName, policy: PolicySnapshot = rolePolicy(fn)): string[] {
  const requests = calls.filter((call) => call.fn === fn).flatMap((call) => call.requests);
  return policy.statements.flatMap((statement) => {
    const patterns = statement.conditions['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'] ?? [];
    return (Array.isArray(patterns) ? patterns : [patterns])
      .filter((pattern) => !requests.some((request) => allows([statement], request) && request.leadingKeys.some((key) => stringLike(pattern, key))))
      .map((pattern) => `${statement.sid} ${pattern}`);
  });
}
