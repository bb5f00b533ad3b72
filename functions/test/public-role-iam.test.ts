import { beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { declaredRoutes } from '../src/app';
import type { Db } from '../src/db/client';
import { systemContext, WEBSITE_ACTOR_ID } from '../src/db/entity';
import { keys } from '../src/db/keys';
import { createCustomer } from '../src/customers/customer-repo';
import { createEmployee, updateEmployee } from '../src/people/employee-repo';
import { findLeadIdByPhone, getLead } from '../src/leads/lead-repo';
import { createProject } from '../src/projects/project-repo';
import { apiGatewayPaths, routeKey } from '../src/lib/route-access';
import { getSettings, saveSettings } from '../src/settings/settings-repo';
import { customerInput, formTokenOf, json, projectInput, newVisitorIp, postForm, postJson, uniquePhone, validContact, validEstimate, type TestApp, type TestClock } from './helpers';
import { allows, iamRequestsOf, type IamRequest } from './iam/policy';
import { callSummary, refusedCalls, rolePolicy, unusedGrants, type FunctionName, type RecordedCall } from './iam/recorder';
import { createRenderingApp } from './rendering-app';

/**
 * The IAM replay: every DynamoDB call the public function makes while the
 * website uses it (its /api routes, the blog view beacon, and the pages it
 * renders on the server, with the app's own routes they read in the same
 * process) is checked against the public function's role as synthesized
 * (infra/public-role-policy.json, kept equal to the template by the infra
 * test): action, table or index, dynamodb:LeadingKeys and
 * dynamodb:ReturnValues, transactions and batches item by item. DynamoDB
 * Local checks no permissions, so without this a call the role refuses only
 * fails in AWS. Signing in and a client's share link run on functions of
 * their own (auth-role-iam.test.ts, client-link-role-iam.test.ts).
 */

const policy = rolePolicy('public');
let app: TestApp;
let db: Db;
let clock: TestClock;
let calls: RecordedCall[];
let served: Map<FunctionName, Set<string>>;

beforeAll(async () => {
  // The app as it serves the website: the web's renderer, the first-start content.
  const made = await createRenderingApp();
  ({ app, db, clock } = made);
  ({ calls, served } = made.replay);
  // Speed-to-lead (issue 26): someone takes leads, so website leads take their turns (the rotation's reads and writes).
  const now = new Date().toISOString();
  const taker = await createEmployee(db, { name: 'Website Taker', email: `taker-${Date.now()}@kaveri-studio.in`, role: 'employee', passwordHash: 'x' }, now);
  await updateEmployee(db, taker.id, taker.version, (before) => ({ ...before, takesLeads: true }), systemContext(now));
});

const get = async (path: string, status = 200) => {
  const response = await app.request(path);
  expect(response.status, path).toBe(status);
  return response;
};

describe('one settings read per request', () => {
  it('a calculator and a contact submission (new and repeat phone) each read the settings item once', async () => {
    const settingsPk = keys.settings().pk;
    const settingsReads = async (send: () => Response | Promise<Response>) => {
      const before = calls.length;
      expect((await send()).status).toBe(201);
      return calls
        .slice(before)
        .flatMap((call) => call.requests)
        .filter((request) => request.action === 'dynamodb:GetItem' && request.leadingKeys.includes(settingsPk)).length;
    };
    const phone = uniquePhone();
    expect(await settingsReads(() => postForm(app, '/api/calculator', { ...validEstimate, phone }))).toBe(1);
    expect(await settingsReads(() => postForm(app, '/api/contact', { ...validContact, phone }))).toBe(1);
    expect(await settingsReads(() => postForm(app, '/api/contact', { ...validContact, phone: uniquePhone() }))).toBe(1);
  });
});

describe('the website as visitors use it', () => {
  it('reads settings, projects, posts, the sitemap, robots.txt and the RSS feed', async () => {
    await get('/api/site');
    const page = await json<{ items: { id: string }[]; nextCursor?: string }>(get('/api/projects?limit=5'));
    await get(`/api/projects?limit=5&cursor=${encodeURIComponent(page.nextCursor!)}`);
    await get('/api/projects?status=ongoing');
    await get(`/api/projects/${page.items[0]!.id}`);
    await get('/api/projects/nope', 404);
    const posts = await json<{ items: { slug: string }[] }>(get('/api/blog-posts'));
    await get(`/api/blog-posts/by-slug/${posts.items[0]!.slug}`);
    await get('/api/blog-posts/by-slug/missing-post', 404);
    await get('/sitemap.xml');
    await get('/robots.txt');
    await get('/blog/rss.xml');
  });

  it("counts a post's views by the beacon: a first view, a repeat, an unknown post", async () => {
    const posts = await json<{ items: { slug: string }[] }>(get('/api/blog-posts'));
    const view = (slug: string, ip: string) => app.request(`/api/blog-posts/by-slug/${slug}/view`, { method: 'POST', headers: { 'x-test-client-ip': ip, 'user-agent': 'replay' } });
    const ip = newVisitorIp();
    expect(await json<{ counted: boolean }>(view(posts.items[0]!.slug, ip))).toEqual({ counted: true });
    expect(await json<{ counted: boolean }>(view(posts.items[0]!.slug, ip))).toEqual({ counted: false });
    expect((await view('missing-post', ip)).status).toBe(404);
  });

  it('renders the pages on the server: each page, a project by its old address, the 404 page and the maintenance notice', async () => {
    const page = (path: string, status = 200) => get(`http://localhost${path}`, status);
    const before = calls.length;
    for (const path of ['/', '/projects', '/projects/jubilee-hills-villa', '/services', '/blog', '/blog/modern-3bhk-makeover', '/calculator', '/contact']) await page(path);
    // A project's address from before slugs (its id) moves to its readable one (the project made by the test itself).
    const ctx = systemContext(new Date().toISOString(), 'iam-replay');
    const customer = await createCustomer(db, { ...customerInput, phone: uniquePhone() }, ctx);
    const created = await createProject(db, { ...projectInput(customer.id), name: 'Kokapet Courtyard House', showOnWebsite: true }, ctx);
    if (!('project' in created)) throw new Error(`project not created: ${JSON.stringify(created)}`);
    await page(`/projects/${created.project.id}`, 301);
    await page('/no-such-page', 404);
    await page('/blog/no-such-post', 404);
    // Settings > System pauses the site (saved by the test itself, not recorded), then opens it again.
    const pause = async (maintenanceMode: boolean) => {
      const current = await getSettings(db);
      const { smtpPasswordSet: _set, ...email } = current.email;
      expect(await saveSettings(db, undefined, { ...current, email, system: { ...current.system, maintenanceMode } }, systemContext(new Date().toISOString()))).toHaveProperty('saved');
    };
    await pause(true);
    await page('/projects', 503);
    await pause(false);
    const pageCalls = calls.slice(before).filter((call) => call.route === 'GET /*');
    // The pages' data comes from the app's own routes in the same process: the public role must allow those calls too.
    expect(pageCalls.length).toBeGreaterThan(10);
    console.log(`IAM replay: the rendered pages made ${pageCalls.length} DynamoDB calls (${callSummary(pageCalls, 'public')})`);
  });

  it('sends the calculator and the contact form: their token, new leads, repeat phones, spam and a rate limit', async () => {
    // The token a form gets when it is shown: signed by the function's own key, no table access.
    await get('/api/form-token');
    expect((await postForm(app, '/api/calculator', { ...validEstimate, phone: uniquePhone() })).status).toBe(201);
    expect((await postForm(app, '/api/contact', { ...validContact, phone: uniquePhone() })).status).toBe(201);

    // A repeat phone: first without an email, then with one (filled in), then with another (kept).
    const phone = uniquePhone();
    expect((await postForm(app, '/api/calculator', { ...validEstimate, phone, email: '' })).status).toBe(201);
    expect((await postForm(app, '/api/calculator', { ...validEstimate, phone, email: '' })).status).toBe(201);
    expect((await postForm(app, '/api/contact', { ...validContact, phone })).status).toBe(201);
    expect((await postForm(app, '/api/calculator', { ...validEstimate, phone, email: 'other@example.com' })).status).toBe(201);
    const leadId = (await findLeadIdByPhone(db, phone))!;
    const lead = await getLead(db, leadId);
    expect(lead).toMatchObject({ email: validContact.email, version: 2 });
    // The fill is audited once, as the website's edit; the later email changed nothing.
    const { Items: audit = [] } = await db.doc.send(
      new QueryCommand({ TableName: db.table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.auditEntry(leadId, '').pk } }),
    );
    expect(audit.map((entry) => [entry.action, entry.actor.id, entry.changes.email ?? null])).toEqual([
      // A create leaves blank fields out of its changes.
      ['create', WEBSITE_ACTOR_ID, null],
      ['update', WEBSITE_ACTOR_ID, { before: '', after: validContact.email }],
    ]);

    // Spam: a filled honeypot, a form sent too fast, one without a form token.
    expect((await postForm(app, '/api/contact', { ...validContact, phone: uniquePhone(), website: 'http://spam.example' })).status).toBe(201);
    expect((await postForm(app, '/api/calculator', { ...validEstimate, phone: uniquePhone(), formToken: formTokenOf(app, 900) })).status).toBe(201);
    expect((await postJson(app, '/api/contact', { ...validContact, phone: uniquePhone() })).status).toBe(201);

    // One visitor past the limit (its 11 requests in one minute of the limit's).
    clock.toNextMinute();
    const ip = newVisitorIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await postForm(app, '/api/contact', { ...validContact, phone: uniquePhone() }, ip)).status);
    expect(statuses.at(-1)).toBe(429);

    // An invalid body.
    expect((await postForm(app, '/api/calculator', { ...validEstimate, area: -1 })).status).toBe(400);
  });
});

describe('the public function role', () => {
  it('allows every DynamoDB call those requests made', () => {
    // Every route of the public function was exercised (GET /api/form-token touches no table), and no other function's.
    const publicRoutes = declaredRoutes().declared.filter((route) => route.lambda === 'public');
    expect([...(served.get('public') ?? [])].sort()).toEqual(publicRoutes.map(routeKey).sort());
    expect([...served.keys()], JSON.stringify([...served].map(([fn, routes]) => [fn, [...routes]]))).toEqual(['public']);
    // The snapshot's routes are these, as API Gateway names them.
    expect(policy.routes.sort()).toEqual(publicRoutes.flatMap((route) => apiGatewayPaths(route.path).map((path) => `${route.method} ${path}`)).sort());
    expect(calls.filter((call) => call.route === 'GET /api/form-token')).toEqual([]);
    const refused = refusedCalls(calls, 'public', policy);
    const requests = calls.reduce((sum, call) => sum + call.requests.length, 0);
    console.log(
      `IAM replay: ${calls.length} DynamoDB calls (${requests} item requests) of ${publicRoutes.length} public routes and the pages checked ` +
        `against the public role: ${callSummary(calls, 'public')}; ${refused.length} refused`,
    );
    expect(refused, 'DynamoDB calls the public function role would refuse in AWS').toEqual([]);
    expect(unusedGrants(calls, 'public', policy), 'partitions the public role grants that no call needed').toEqual([]);
  });
});

describe('the replay itself', () => {
  const table = 'test-table';
  const allowed = (request: IamRequest) => allows(policy.statements, request);

  it('maps transactions, batches and index queries to the requests IAM authorizes', () => {
    const S = (value: string) => ({ S: value });
    expect(
      iamRequestsOf('TransactWriteItemsCommand', {
        TransactItems: [
          { Put: { TableName: table, Item: { pk: S('CONTACT#1'), sk: S('CONTACT') } } },
          { Update: { TableName: table, Key: { pk: S('LEAD#1'), sk: S('LEAD') } } },
          { ConditionCheck: { TableName: table, Key: { pk: S('LEADPHONE#1'), sk: S('LEADPHONE') }, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } },
        ],
      }, table),
    ).toEqual([
      { action: 'dynamodb:PutItem', resource: 'table', leadingKeys: ['CONTACT#1'] },
      { action: 'dynamodb:UpdateItem', resource: 'table', leadingKeys: ['LEAD#1'] },
      { action: 'dynamodb:ConditionCheckItem', resource: 'table', leadingKeys: ['LEADPHONE#1'], returnValues: 'ALL_OLD' },
    ]);
    expect(
      iamRequestsOf('QueryCommand', {
        TableName: table,
        IndexName: 'gsi1',
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :sk)',
        ExpressionAttributeNames: { '#pk': 'gsi1pk', '#sk': 'gsi1sk' },
        ExpressionAttributeValues: { ':pk': S('PUBLIC_PROJECTS'), ':sk': S('finished#') },
      }, table),
    ).toEqual([{ action: 'dynamodb:Query', resource: 'index/gsi1', leadingKeys: ['PUBLIC_PROJECTS'] }]);
    expect(
      iamRequestsOf('BatchGetItemCommand', { RequestItems: { [table]: { Keys: [{ pk: S('PROJECT#1') }, { pk: S('LEAD#1') }] } } }, table),
    ).toEqual([
      { action: 'dynamodb:BatchGetItem', resource: 'table', leadingKeys: ['PROJECT#1'] },
      { action: 'dynamodb:BatchGetItem', resource: 'table', leadingKeys: ['LEAD#1'] },
    ]);
  });

  it('refuses what the role refuses: reading leads, returned values, other indexes, missing keys', () => {
    expect(allowed({ action: 'dynamodb:UpdateItem', resource: 'table', leadingKeys: ['LEAD#1'] })).toBe(true);
    expect(allowed({ action: 'dynamodb:UpdateItem', resource: 'table', leadingKeys: ['LEAD#1'], returnValues: 'NONE' })).toBe(true);
    expect(allowed({ action: 'dynamodb:UpdateItem', resource: 'table', leadingKeys: ['LEAD#1'], returnValues: 'ALL_NEW' })).toBe(false);
    expect(allowed({ action: 'dynamodb:UpdateItem', resource: 'table', leadingKeys: ['RATE#x'], returnValues: 'UPDATED_NEW' })).toBe(true);
    expect(allowed({ action: 'dynamodb:GetItem', resource: 'table', leadingKeys: ['LEAD#1'] })).toBe(false);
    expect(allowed({ action: 'dynamodb:ConditionCheckItem', resource: 'table', leadingKeys: ['LEAD#1'] })).toBe(false);
    expect(allowed({ action: 'dynamodb:BatchGetItem', resource: 'table', leadingKeys: ['PROJECT#1'] })).toBe(false);
    expect(allowed({ action: 'dynamodb:Query', resource: 'index/gsi1', leadingKeys: ['PUBLIC_PROJECTS'] })).toBe(true);
    expect(allowed({ action: 'dynamodb:Query', resource: 'index/gsi1', leadingKeys: [] })).toBe(false);
    expect(allowed({ action: 'dynamodb:Query', resource: 'index/gsi2', leadingKeys: ['PUBLIC_PROJECTS'] })).toBe(false);
    expect(allowed({ action: 'dynamodb:Query', resource: 'table', leadingKeys: ['PROJECT#1'] })).toBe(false);
    expect(allowed({ action: 'dynamodb:GetItem', resource: 'other-table', leadingKeys: ['SETTINGS'] })).toBe(false);
  });
});
