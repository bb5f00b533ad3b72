import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../src/db/client';
import type { TestApp } from '../helpers';
import { iamRequestsOf, type IamRequest, type PolicySnapshot } from './policy';

/** The public function role as synthesized, committed by the infra test (infra/src/create-stacks.test.ts). */
export function publicRolePolicy(): PolicySnapshot {
  return JSON.parse(readFileSync(fileURLToPath(new URL('../../../infra/public-role-policy.json', import.meta.url)), 'utf8')) as PolicySnapshot;
}

/** One DynamoDB call made while a public route was being served, as IAM would authorize it. */
export interface RecordedCall {
  /** The public function's route, as API Gateway names it ("GET /api/projects/{id}"). */
  route: string;
  /** The low-level command ("TransactWriteItemsCommand"). */
  command: string;
  requests: IamRequest[];
}

/** The API Gateway route of `routes` that serves `method path`, if any ({name} is one path segment). */
function routeOf(routes: readonly string[], method: string, path: string): string | undefined {
  return routes.find((route) => {
    const [routeMethod, routePath = ''] = route.split(' ');
    const pattern = routePath.replace(/[.+^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
    return routeMethod === method && new RegExp(`^${pattern}$`).test(path);
  });
}

/**
 * Records every DynamoDB call the app makes while serving one of `routes`
 * (the routes API Gateway sends to the public function): a middleware on the
 * test app's DynamoDB client (its build step, where the command's input is
 * the low-level request) and the app's `request` wrapped so each request runs
 * in its own async context naming its route. Calls the test makes itself, and
 * requests to other routes (served by the admin function), are not recorded.
 */
export function recordPublicCalls(app: TestApp, db: Db, routes: readonly string[]) {
  const serving = new AsyncLocalStorage<string>();
  const calls: RecordedCall[] = [];
  /** Every route requested, whether or not it called DynamoDB. */
  const served = new Set<string>();
  db.doc.middlewareStack.add(
    (next, context) => async (args) => {
      const route = serving.getStore();
      if (route) {
        const command = context.commandName ?? 'unknown';
        calls.push({ route, command, requests: iamRequestsOf(command, args.input as Record<string, unknown>, db.table) });
      }
      return next(args);
    },
    { step: 'build', name: 'iamReplayRecorder' },
  );
  const request = app.request;
  app.request = ((input, init, ...rest) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (input instanceof Request ? input.method : init?.method) ?? 'GET';
    const route = routeOf(routes, method.toUpperCase(), url.pathname);
    if (route) served.add(route);
    return route ? serving.run(route, () => request(input, init, ...rest)) : request(input, init, ...rest);
  }) as typeof app.request;
  return { calls, served };
}
