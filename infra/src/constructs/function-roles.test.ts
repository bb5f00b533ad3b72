import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Role } from 'aws-cdk-lib/aws-iam';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '@app/functions/db/keys';
import { allows, ROLE_POLICY_FILES, type FunctionName, type PolicySnapshot, type SnapshotStatement } from '../../../functions/test/iam/policy';
import { policyStatementsOf, snapshotStatementsOf } from '../../test/role-policy';
import { removeTempDirs, synthesize, type Synthesized, PROD_CONFIG } from '../../test/synth';
import { logicalId } from '../nag';
import { AUTH_KEY_ACCESS, CLIENT_LINK_KEY_ACCESS, JOBS_BULK_ACTIONS } from './table-access';
import { ADMIN_ROUTE, ADMIN_ROUTES_BESIDE_PUBLIC, AUTH_ROUTES, CLIENT_LINK_ROUTES, PAGE_ROUTES, PDF_ROUTES, PUBLIC_ROUTES } from './api-routes';

/**
 * Each function's role as synthesized: the DynamoDB statements the API tests replay every call
 * against (kept in infra/<function>-role-policy.json, equal to the template), and what each role
 * may do besides. Least privilege per route (issue 24): the routes anyone may call run on roles
 * limited to the items they touch; only the Jobs function may Scan or BatchWriteItem.
 */

// CloudFormation JSON as the template holds it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Cfn = any;

let synth: Synthesized;

afterAll(removeTempDirs);

beforeAll(() => {
  synth = synthesize({ ...PROD_CONFIG, bundle: false });
});

const asArray = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);
const routeKeys = (routes: readonly { method: string; path: string }[]) => routes.map((route) => `${route.method} ${route.path}`);

const FUNCTIONS: FunctionName[] = ['public', 'admin', 'pdf', 'auth', 'clientLink', 'jobs'];
const NARROWED: FunctionName[] = ['public', 'pdf', 'auth', 'clientLink'];

const roleOf = (fn: FunctionName): Role => {
  const { api } = synth.stacks;
  return { public: api.publicRole, admin: api.adminRole, pdf: api.pdfRole, auth: api.authRole, clientLink: api.clientLinkRole, jobs: api.jobsRole }[fn];
};
const ROUTES: Record<FunctionName, string[]> = {
  public: routeKeys([...PUBLIC_ROUTES, ...PAGE_ROUTES]),
  admin: routeKeys([ADMIN_ROUTE, ...ADMIN_ROUTES_BESIDE_PUBLIC]),
  pdf: routeKeys(PDF_ROUTES),
  auth: routeKeys(AUTH_ROUTES),
  clientLink: routeKeys(CLIENT_LINK_ROUTES),
  jobs: [],
};

const statementsOf = (fn: FunctionName): Cfn[] => policyStatementsOf(synth.template, logicalId(roleOf(fn)));
const dynamoOf = (fn: FunctionName): SnapshotStatement[] => snapshotStatementsOf(statementsOf(fn), logicalId(synth.stacks.database.table));
const allowed = (fn: FunctionName, action: string, pk: string, returnValues?: string) =>
  allows(dynamoOf(fn), { action, resource: 'table', leadingKeys: [pk], ...(returnValues ? { returnValues } : {}) });

describe("each function's role as synthesized", () => {
  it.each(FUNCTIONS)('%s: its DynamoDB statements and routes equal the committed snapshot the API tests replay its calls against', (fn) => {
    const file = fileURLToPath(new URL(`../../${ROLE_POLICY_FILES[fn]}`, import.meta.url));
    const snapshot: PolicySnapshot = {
      note: `The ${fn} function role's DynamoDB statements and routes, as synthesized. Refresh: UPDATE_POLICY_SNAPSHOT=1 npx vitest run src/constructs/function-roles.test.ts (in infra)`,
      routes: ROUTES[fn],
      statements: dynamoOf(fn),
    };
    if (process.env.UPDATE_POLICY_SNAPSHOT === '1') writeFileSync(file, `${JSON.stringify(snapshot, null, 2)}\n`);
    const committed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    expect(
      committed,
      `infra/${ROLE_POLICY_FILES[fn]} differs from the synthesized ${fn} role: review the change, then refresh it with ` +
        'UPDATE_POLICY_SNAPSHOT=1 npx vitest run src/constructs/function-roles.test.ts (in infra) and commit it',
    ).toEqual(snapshot);
  });

  it('lets the functions that serve routes without a session reach only named partitions (dynamodb:LeadingKeys), never by Scan or a batch', () => {
    for (const fn of NARROWED) {
      const dynamo = dynamoOf(fn);
      expect(dynamo.length, fn).toBeGreaterThan(0);
      for (const statement of dynamo) {
        expect(statement.conditions['ForAllValues:StringLike']?.['dynamodb:LeadingKeys']?.length, `${fn} ${statement.sid}`).toBeGreaterThan(0);
        expect(statement.conditions.Null, `${fn} ${statement.sid}`).toEqual({ 'dynamodb:LeadingKeys': 'false' });
        for (const forbidden of ['dynamodb:Scan', 'dynamodb:BatchGetItem', 'dynamodb:BatchWriteItem', 'dynamodb:*']) expect(statement.actions, fn).not.toContain(forbidden);
        // Items of the table; only the public role queries an index (the website's lists on gsi1).
        expect(statement.resources, `${fn} ${statement.sid}`).toEqual(statement.actions.includes('dynamodb:Query') && fn === 'public' ? ['index/gsi1'] : ['table']);
      }
    }
  });

  it('gives the admin role item access to the whole table, with no Scan and no BatchWriteItem: only the Jobs role has them', () => {
    const actionsOf = (fn: FunctionName) => dynamoOf(fn).flatMap((statement) => statement.actions);
    expect(dynamoOf('admin').map((s) => [s.sid, s.resources, s.conditions])).toEqual([
      ['TableItems', ['table'], {}],
      ['TableIndexQueries', ['index/*'], {}],
    ]);
    expect(actionsOf('admin').sort()).toEqual(
      ['dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:Query', 'dynamodb:UpdateItem'].sort(),
    );
    for (const fn of FUNCTIONS.filter((name) => name !== 'jobs')) {
      for (const bulk of JOBS_BULK_ACTIONS) expect(actionsOf(fn), `${fn} ${bulk}`).not.toContain(bulk);
      expect(actionsOf(fn).filter((action) => action.includes('*')), fn).toEqual([]);
    }
    const bulk = dynamoOf('jobs').find((statement) => statement.sid === 'TableBulkReadsAndWrites');
    expect([bulk?.actions.slice().sort(), bulk?.resources]).toEqual([[...JOBS_BULK_ACTIONS].sort(), ['table']]);
    // No stream or table-level action for either (the app never calls them).
    for (const fn of ['admin', 'jobs'] as const) {
      for (const action of ['dynamodb:DescribeTable', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:DescribeStream']) expect(actionsOf(fn)).not.toContain(action);
    }
  });

  it('lets the auth role read the account, its sessions and challenges, count lockouts, and write what a request for access creates; nothing else', () => {
    const employee = keys.employee('e1').pk;
    const yes: [string, string, string?][] = [
      ['dynamodb:GetItem', keys.settings().pk],
      ['dynamodb:GetItem', employee],
      ['dynamodb:GetItem', keys.employeeEmail('ops@kaveri-studio.in').pk],
      ['dynamodb:GetItem', keys.session('s1').pk],
      ['dynamodb:PutItem', keys.session('s1').pk],
      ['dynamodb:DeleteItem', keys.session('s1').pk],
      ['dynamodb:DeleteItem', keys.loginChallenge('c1').pk],
      ['dynamodb:UpdateItem', employee, 'UPDATED_NEW'],
      ['dynamodb:UpdateItem', keys.rateLimit('login-email', 'a@b.c', 0).pk, 'UPDATED_NEW'],
      ['dynamodb:UpdateItem', keys.rateLimit('login-ip', '203.0.113.7', 1).pk, 'UPDATED_NEW'],
      ['dynamodb:PutItem', keys.auditEntry('e1', 'x').pk],
      ['dynamodb:PutItem', keys.outbox('o1').pk],
      ['dynamodb:PutItem', keys.searchToken('Employee', 'ravi', 'x').pk],
      // The lead webhooks (issue 26): an integration's secrets and health, its rate limit.
      ['dynamodb:GetItem', keys.integration('meta').pk],
      ['dynamodb:UpdateItem', keys.integration('meta').pk],
      ['dynamodb:UpdateItem', keys.rateLimit('webhook', 'meta', 1).pk, 'UPDATED_NEW'],
    ];
    const no: [string, string, string?][] = [
      // What signing in has no business with: leads, customers, finance, quotes, the audit log's lists.
      ['dynamodb:GetItem', keys.lead('l1').pk],
      ['dynamodb:GetItem', keys.customer('c1').pk],
      ['dynamodb:GetItem', keys.quotation('q1').pk],
      ['dynamodb:GetItem', keys.auditEntry('e1', 'x').pk],
      ['dynamodb:PutItem', keys.settings().pk],
      ['dynamodb:PutItem', keys.lead('l1').pk],
      ['dynamodb:PutItem', keys.searchToken('Lead', 'ravi', 'x').pk],
      ['dynamodb:DeleteItem', employee],
      ['dynamodb:GetItem', keys.outbox('o1').pk],
      // Writes that hand back what they changed, but for counters; others' rate limits.
      ['dynamodb:UpdateItem', employee, 'ALL_NEW'],
      ['dynamodb:UpdateItem', keys.session('s1').pk, 'ALL_OLD'],
      ['dynamodb:UpdateItem', keys.rateLimit('public-form', '203.0.113.7', 1).pk, 'UPDATED_NEW'],
      ['dynamodb:UpdateItem', keys.rateLimit('quote-answer', '203.0.113.7', 1).pk, 'UPDATED_NEW'],
      ['dynamodb:Query', employee],
    ];
    for (const [action, pk, returns] of yes) expect(allowed('auth', action, pk, returns), `${action} ${pk} ${returns ?? ''}`).toBe(true);
    for (const [action, pk, returns] of no) expect(allowed('auth', action, pk, returns), `${action} ${pk} ${returns ?? ''}`).toBe(false);
    expect(dynamoOf('auth').map((s) => s.sid)).toEqual(['AuthReads', 'AuthWrites', 'AuthDeletes', 'AuthCounters']);
    expect(Object.keys(AUTH_KEY_ACCESS).sort()).toEqual(['count', 'delete', 'read', 'write']);
  });

  it("lets the client-link role read a link's quote and write what an approval makes; no staff, session, credential or deletion", () => {
    const yes: [string, string, string?][] = [
      ['dynamodb:GetItem', keys.quotationLink('h').pk],
      ['dynamodb:GetItem', keys.quotation('q1').pk],
      ['dynamodb:UpdateItem', keys.quotation('q1').pk],
      ['dynamodb:GetItem', keys.lead('l1').pk],
      ['dynamodb:PutItem', keys.customer('c1').pk],
      ['dynamodb:PutItem', keys.project('p1').pk],
      ['dynamodb:PutItem', keys.transaction('t1').pk],
      ['dynamodb:UpdateItem', keys.financeTotal(0).pk],
      ['dynamodb:UpdateItem', keys.rateLimit('quote-answer', '203.0.113.7', 1).pk, 'UPDATED_NEW'],
    ];
    const no: [string, string, string?][] = [
      ['dynamodb:GetItem', keys.employee('e1').pk],
      ['dynamodb:GetItem', keys.employeeEmail('ops@kaveri-studio.in').pk],
      ['dynamodb:GetItem', keys.session('s1').pk],
      ['dynamodb:GetItem', keys.twoFactor('e1').pk],
      ['dynamodb:PutItem', keys.settings().pk],
      ['dynamodb:PutItem', keys.quotationLink('h').pk],
      ['dynamodb:DeleteItem', keys.quotation('q1').pk],
      ['dynamodb:GetItem', keys.vendor('v1').pk],
      ['dynamodb:UpdateItem', keys.quotation('q1').pk, 'ALL_NEW'],
      ['dynamodb:UpdateItem', keys.rateLimit('login-ip', '203.0.113.7', 1).pk, 'UPDATED_NEW'],
    ];
    for (const [action, pk, returns] of yes) expect(allowed('clientLink', action, pk, returns), `${action} ${pk} ${returns ?? ''}`).toBe(true);
    for (const [action, pk, returns] of no) expect(allowed('clientLink', action, pk, returns), `${action} ${pk} ${returns ?? ''}`).toBe(false);
    expect(CLIENT_LINK_KEY_ACCESS).not.toHaveProperty('delete');
  });

  it('gives the auth function the session key and the origin secret; the client-link function the origin secret only; neither files nor invokes', () => {
    const secretRefs = (fn: FunctionName) =>
      statementsOf(fn)
        .filter((s) => asArray(s.Action).some((a: string) => a.startsWith('secretsmanager:')))
        .map((s) => JSON.stringify(s.Resource))
        .sort();
    const jwt = JSON.stringify({ Ref: logicalId(synth.stacks.auth.jwtSigningKey) });
    const origin = JSON.stringify({ Ref: logicalId(synth.stacks.auth.originVerify) });
    expect(secretRefs('auth')).toEqual([jwt, origin].sort());
    expect(secretRefs('clientLink')).toEqual([origin]);
    for (const fn of ['auth', 'clientLink'] as const) {
      // X-Ray's trace writes aside (every function traces; operations.test.ts).
      const others = statementsOf(fn).filter((s) => asArray(s.Action).some((a: string) => !/^(dynamodb|secretsmanager|logs|xray):/.test(a)));
      expect(others, fn).toEqual([]);
    }
    const variables = (fn: 'authFunction' | 'clientLinkFunction') =>
      (synth.template.toJSON().Resources[logicalId(synth.stacks.api[fn])] as Cfn).Properties.Environment.Variables as Record<string, unknown>;
    expect(variables('authFunction')).toMatchObject({
      JWT_SECRET_ARN: { Ref: logicalId(synth.stacks.auth.jwtSigningKey) },
      PII_KMS_KEY_ID: { 'Fn::GetAtt': [logicalId(synth.stacks.api.piiKey), 'Arn'] },
      SITE_URL: 'https://www.kaveri-studio.in',
      ALLOWED_ORIGINS: 'https://www.kaveri-studio.in',
    });
    expect(Object.keys(variables('clientLinkFunction')).sort()).toEqual(['NODE_OPTIONS', 'ORIGIN_VERIFY_SECRET_ARN', 'SITE_URL', 'TABLE_NAME']);
  });

  it('sends the sign-in routes to the auth function and the share link (but its PDF) to the client-link function', () => {
    const keysTo = (fn: NodejsFunction) => {
      const aliasId = logicalId(synth.stacks.api.live.alias(fn));
      const integrations = Object.entries(synth.template.findResources('AWS::ApiGatewayV2::Integration') as Record<string, Cfn>)
        // API Gateway invokes the function's live alias (live-aliases.ts).
        .filter(([, i]) => JSON.stringify(i.Properties.IntegrationUri).includes(aliasId))
        .map(([id]) => id);
      return Object.values(synth.template.findResources('AWS::ApiGatewayV2::Route') as Record<string, Cfn>)
        .filter((r) => integrations.some((id) => JSON.stringify(r.Properties.Target).includes(id)))
        .map((r) => r.Properties.RouteKey as string)
        .sort();
    };
    expect(keysTo(synth.stacks.api.authFunction)).toEqual(ROUTES.auth.slice().sort());
    expect(keysTo(synth.stacks.api.clientLinkFunction)).toEqual(ROUTES.clientLink.slice().sort());
    expect(ROUTES.auth).toEqual(
      expect.arrayContaining(['POST /api/auth/login', 'POST /api/auth/login/verify', 'POST /api/auth/register', 'GET /api/auth/registration', 'GET /api/auth/me']),
    );
    expect(ROUTES.clientLink.sort()).toEqual(
      ['GET /api/quote-links/{token}', 'POST /api/quote-links/{token}/approve', 'POST /api/quote-links/{token}/request-changes'].sort(),
    );
    expect(ROUTES.public).toContain('POST /api/blog-posts/by-slug/{slug}/view');
  });
});

describe('the snapshots as the replay reads them', () => {
  it('are each a role the evaluator can read (no condition it does not evaluate)', () => {
    for (const fn of FUNCTIONS) {
      const { statements } = JSON.parse(readFileSync(fileURLToPath(new URL(`../../${ROLE_POLICY_FILES[fn]}`, import.meta.url)), 'utf8')) as PolicySnapshot;
      expect(() => allows(statements, { action: 'dynamodb:GetItem', resource: 'table', leadingKeys: ['SETTINGS'] }), fn).not.toThrow();
    }
  });
});
