import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoEndpoint } from '../../functions/test/dynamo-endpoint';
import { createDb, type Db } from '@app/functions/db/client';
import { keys } from '@app/functions/db/keys';
import { ORIGIN_VERIFY_HEADER } from '@app/functions/handlers/client-ip';
import { ensureTable } from '@app/functions/local/create-table';
import { seedFirstStart } from '@app/functions/local/seed';
import { createQuotation } from '@app/functions/quotations/quotation-repo';
import { systemContext } from '@app/functions/db/entity';
import { PDF_FONT_FILES } from '@app/functions/quotations/pdf';
import { OUTBOX_TICK } from '@app/functions/notify/outbox-tick';
import { formTokenIssuedAt, formTokenKeyFrom, issueFormToken } from '@app/functions/leads/form-token';
import { quotationCreateSchema } from '@app/shared-types/quotations';
import type {} from '../../functions/test/global-setup';
import { validEstimate } from '../../functions/test/helpers';
import { removeTempDirs, synthesize } from '../test/synth';
import { bundleOf, LAMBDA_BUNDLE_BUDGET_BYTES, LAMBDA_BUNDLE_BUDGET_TEXT, type Bundle } from './lambda-bundle';

/** What API Gateway (HTTP API, payload 2.0) hands the function; see hono/aws-lambda's LambdaEvent. */
type Handler = (event: unknown, context: unknown) => Promise<{ statusCode: number; headers?: Record<string, string>; body: string }>;

const ORIGIN_SECRET = 'origin-secret-from-secrets-manager';
const ORIGIN_SECRET_ARN = 'arn:aws:secretsmanager:ap-south-1:123456789012:secret:OriginVerify-AbCdEf';
/** A form token the public function signed a minute ago (its key: derived from the origin secret). */
const personsFormToken = () => issueFormToken(formTokenKeyFrom(ORIGIN_SECRET), Date.now() - 60_000);
const EDGE_IP = '130.176.12.34'; // a CloudFront edge server: what API Gateway sees as sourceIp

/** A realistic HTTP API v2 event for a request relayed by CloudFront. */
function httpApiEvent(options: {
  method: string;
  path: string;
  query?: string;
  body?: unknown;
  viewerIp?: string;
  originSecret?: string;
  routeKey: string;
}) {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const now = new Date();
  return {
    version: '2.0',
    routeKey: options.routeKey,
    rawPath: options.path,
    rawQueryString: options.query ?? '',
    headers: {
      accept: 'application/json',
      'accept-encoding': 'gzip, br',
      host: 'abc123xyz.execute-api.ap-south-1.amazonaws.com',
      'user-agent': 'Amazon CloudFront',
      via: '2.0 0a1b2c3d.cloudfront.net (CloudFront)',
      'x-amz-cf-id': 'Ex4mpleCfId==',
      'x-forwarded-for': `198.51.100.99, ${EDGE_IP}`, // client-controlled: must be ignored
      'x-forwarded-proto': 'https',
      origin: 'https://www.kaveri-studio.in',
      ...(options.viewerIp ? { 'cloudfront-viewer-address': `${options.viewerIp}:51234` } : {}),
      ...(options.originSecret ? { [ORIGIN_VERIFY_HEADER]: options.originSecret } : {}),
      ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}),
    },
    ...(options.query ? { queryStringParameters: Object.fromEntries(new URLSearchParams(options.query)) } : {}),
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc123xyz',
      domainName: 'abc123xyz.execute-api.ap-south-1.amazonaws.com',
      domainPrefix: 'abc123xyz',
      http: { method: options.method, path: options.path, protocol: 'HTTP/1.1', sourceIp: EDGE_IP, userAgent: 'Amazon CloudFront' },
      requestId: randomUUID(),
      routeKey: options.routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body ? { body, isBase64Encoded: false } : { isBase64Encoded: false }),
  };
}

const lambdaContext = (name: string) => ({
  functionName: name,
  functionVersion: '$LATEST',
  awsRequestId: randomUUID(),
  invokedFunctionArn: `arn:aws:lambda:ap-south-1:123456789012:function:${name}`,
  memoryLimitInMB: '512',
  getRemainingTimeInMillis: () => 10_000,
});

let db: Db;

/**
 * Hits recorded in the public-form rate-limit window of `ip` since `sinceMs`
 * (the request may have landed in the next minute's window).
 */
async function formHits(ip: string, sinceMs: number): Promise<number> {
  let hits = 0;
  for (let minute = Math.floor(sinceMs / 60_000); minute <= Math.floor(Date.now() / 60_000); minute++) {
    const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.rateLimit('public-form', ip, minute) }));
    hits += Number(Item?.hits ?? 0);
  }
  return hits;
}
let bundles: { public: Bundle; admin: Bundle; pdf: Bundle; auth: Bundle; clientLink: Bundle; jobs: Bundle };
let handlers: { public: Handler; admin: Handler; pdf: Handler; auth: Handler; clientLink: Handler };
let secretsManager: Server;
/** GetSecretValue calls the fake Secrets Manager answered (the bundles read the origin secret through the SDK). */
const secretReads: { SecretId?: string; VersionStage?: string }[] = [];

/**
 * A stand-in for Secrets Manager's JSON API, where the bundled SDK client is pointed
 * (AWS_ENDPOINT_URL_SECRETS_MANAGER): GetSecretValue of the origin secret's current version.
 */
async function fakeSecretsManager(): Promise<string> {
  secretsManager = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const input = JSON.parse(body || '{}') as { SecretId?: string; VersionStage?: string };
      secretReads.push(input);
      const found = req.headers['x-amz-target'] === 'secretsmanager.GetSecretValue' && input.SecretId === ORIGIN_SECRET_ARN && !input.VersionStage;
      res.writeHead(found ? 200 : 400, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(
        JSON.stringify(
          found
            ? { ARN: ORIGIN_SECRET_ARN, Name: 'OriginVerify', SecretString: ORIGIN_SECRET, VersionId: 'v1', VersionStages: ['AWSCURRENT'], CreatedDate: 1_700_000_000 }
            : { __type: 'ResourceNotFoundException', message: 'Secrets Manager can not find the specified secret.' },
        ),
      );
    });
  });
  await new Promise<void>((done) => secretsManager.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(secretsManager.address() as AddressInfo).port}`;
}

afterAll(removeTempDirs);
// The other files of the worker (one module graph: vitest.config.ts) get back the environment this one sets.
const savedEnv = { ...process.env };
afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
  Object.assign(process.env, savedEnv);
});
afterAll(() => new Promise<void>((done) => (secretsManager ? secretsManager.close(() => done()) : done())));

beforeAll(async () => {
  // The public bundle's page template is the built website's document, site.html (constructs/api.ts): build it if missing.
  const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
  if (!existsSync(join(repoRoot, 'web/dist/site.html'))) execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: repoRoot, stdio: 'ignore' });
  const synth = synthesize({ stage: 'dev', bundle: true });
  bundles = {
    public: bundleOf(synth.template, synth.assemblyDir, synth.stacks.api.publicFunction),
    admin: bundleOf(synth.template, synth.assemblyDir, synth.stacks.api.adminFunction),
    pdf: bundleOf(synth.template, synth.assemblyDir, synth.stacks.api.pdfFunction),
    auth: bundleOf(synth.template, synth.assemblyDir, synth.stacks.api.authFunction),
    clientLink: bundleOf(synth.template, synth.assemblyDir, synth.stacks.api.clientLinkFunction),
    jobs: bundleOf(synth.template, synth.assemblyDir, synth.stacks.api.jobsFunction),
  };

  db = createDb({ table: `bundle-${randomUUID()}`, endpoint: dynamoEndpoint(), region: 'local' });
  await ensureTable(db);
  await seedFirstStart(db);
  // What the function's configuration gives it in AWS; the bundles read it when imported.
  Object.assign(process.env, {
    TABLE_NAME: db.table,
    DYNAMODB_ENDPOINT: dynamoEndpoint(),
    AWS_REGION: 'local',
    ORIGIN_VERIFY_SECRET_ARN: ORIGIN_SECRET_ARN,
    // The site's address (Api.setSiteUrl): the sign-in's CSRF guard accepts it as an Origin.
    ALLOWED_ORIGINS: 'https://www.kaveri-studio.in',
    AWS_ENDPOINT_URL_SECRETS_MANAGER: await fakeSecretsManager(),
    AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'not-a-real-secret',
  });
  // vitest.config.ts externalizes asset folders: Node imports the file itself, untransformed, as in Lambda.
  const load = async (bundle: Bundle) =>
    ((await import(/* @vite-ignore */ pathToFileURL(bundle.entry).href)) as { handler: Handler }).handler;
  handlers = {
    public: await load(bundles.public),
    admin: await load(bundles.admin),
    pdf: await load(bundles.pdf),
    auth: await load(bundles.auth),
    clientLink: await load(bundles.clientLink),
  };
});

describe('the bundled Lambda handlers CDK deploys', () => {
  // The PDF function carries the renderer; the admin function nodemailer (about 240 KB minified), the SMTP
  // client of the test email and the notification outbox's sender, which run there (notify/smtp-mailer.ts);
  // the public function the website's page renderer (React, MUI, the pages).
  it(`are single minified ES modules with a source map, each under the bundle budget (${LAMBDA_BUNDLE_BUDGET_TEXT}, as npm run bench:lambda checks)`, () => {
    for (const [name, bundle] of Object.entries(bundles)) {
      expect(bundle.entry).toMatch(/index\.mjs$/);
      expect(existsSync(`${bundle.entry}.map`)).toBe(true);
      const size = statSync(bundle.entry).size;
      expect(size, name).toBeLessThan(LAMBDA_BUNDLE_BUDGET_BYTES);
      expect(size).toBeGreaterThan(50 * 1024); // the app, hono and the DynamoDB client are all inside
    }
  });

  it('keep the PDF renderer in the PDF bundle only, with its fonts and their licence beside it', () => {
    // The ToUnicode map every embedded font gets: written by the renderer alone.
    const marker = 'Adobe-Identity-UCS';
    expect(readFileSync(bundles.pdf.entry, 'utf8')).toContain(marker);
    for (const name of ['public', 'admin', 'auth', 'clientLink', 'jobs'] as const) expect(readFileSync(bundles[name].entry, 'utf8'), name).not.toContain(marker);
    const fonts = join(bundles.pdf.dir, 'node_modules/@fontsource/noto-sans');
    for (const file of Object.values(PDF_FONT_FILES)) expect(statSync(join(fonts, 'files', file)).size, file).toBeGreaterThan(10_000);
    expect(readFileSync(join(fonts, 'LICENSE'), 'utf8')).toContain('SIL Open Font License');
    expect(existsSync(join(bundles.admin.dir, 'node_modules'))).toBe(false);
  });

  it('include the scheduled jobs, which run the recurring-transactions job against the table', async () => {
    const { handler } = (await import(/* @vite-ignore */ pathToFileURL(bundles.jobs.entry).href)) as { handler: () => Promise<unknown> };
    await expect(handler()).resolves.toEqual({ created: 0, expired: 0, restamped: 0, overdue: 0 });
  });

  it("include the deploy's data upgrade: the jobs bundle answers the provider framework's Create event with its physical id and the version", async () => {
    const { handler } = (await import(/* @vite-ignore */ pathToFileURL(bundles.jobs.entry).href)) as { handler: (event: unknown) => Promise<unknown> };
    // The event CDK's provider framework passes on (its onEvent: CloudFormation's request, ResponseURL included).
    const serviceToken = 'arn:aws:lambda:ap-south-1:123456789012:function:StudioInteriors-dev-ApiDataUpgradeProviderframewor-x';
    const event = {
      RequestType: 'Create',
      ServiceToken: serviceToken,
      ResponseURL: 'https://cloudformation-custom-resource-response-apsouth1.s3.ap-south-1.amazonaws.com/x',
      StackId: 'arn:aws:cloudformation:ap-south-1:123456789012:stack/StudioInteriors-dev/1',
      RequestId: 'b3f9c1d2-0000-4000-8000-000000000001',
      LogicalResourceId: 'ApiDataUpgrade3FF6B78D',
      ResourceType: 'Custom::DataUpgrade',
      ResourceProperties: { ServiceToken: serviceToken, task: 'data-upgrade', deployId: new Date().toISOString() },
    };
    await expect(handler(event)).resolves.toEqual({ PhysicalResourceId: 'data-upgrade', Data: { dataVersion: expect.any(Number) } });
    await expect(handler({ ...event, RequestType: 'Delete', PhysicalResourceId: 'data-upgrade' })).resolves.toEqual({ PhysicalResourceId: 'data-upgrade' });
  });

  it('carry the page renderer in the public bundle only, with its template beside it, within the bundle budget', () => {
    // The website's document (its own script, not the portal's), with the assets' hashed names.
    expect(readFileSync(join(bundles.public.dir, 'site.html'), 'utf8')).toMatch(/<script type="module" crossorigin src="\/assets\/site-[\w-]+\.js"><\/script>/);
    expect(existsSync(join(bundles.public.dir, 'index.html'))).toBe(false);
    const publicCode = readFileSync(bundles.public.entry, 'utf8');
    // renderToString (React's legacy server build), and not its streaming one (whose exports name these).
    expect(publicCode).toContain('renderToString');
    expect(publicCode).not.toContain('resumeToPipeableStream');
    expect(publicCode).not.toContain('prerenderToNodeStream');
    expect(statSync(bundles.public.entry).size).toBeLessThan(LAMBDA_BUNDLE_BUDGET_BYTES);
    for (const name of ['admin', 'pdf', 'auth', 'clientLink', 'jobs'] as const) {
      expect(existsSync(join(bundles[name].dir, 'site.html')), name).toBe(false);
      expect(readFileSync(bundles[name].entry, 'utf8'), name).not.toContain('renderToString');
    }
  });

  it('answer GET /projects/:slug with the rendered page, cached a minute at the edge', async () => {
    const response = await handlers.public(
      httpApiEvent({ method: 'GET', path: '/projects/jubilee-hills-villa', routeKey: 'GET /{proxy+}', viewerIp: '203.0.113.8', originSecret: ORIGIN_SECRET }),
      lambdaContext('public'),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers?.['content-type']).toMatch(/^text\/html/);
    expect(response.headers?.['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    expect(response.body).toContain('<title>Jubilee Hills Villa | Kaveri Design Studio</title>');
    expect(response.body).toContain('id="ssr-state"');
    const missing = await handlers.public(
      httpApiEvent({ method: 'GET', path: '/no-such-page', routeKey: 'GET /{proxy+}', viewerIp: '203.0.113.8', originSecret: ORIGIN_SECRET }),
      lambdaContext('public'),
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Page not found.');
  });

  it('answer GET /api/projects with the published sample projects', async () => {
    const response = await handlers.public(
      httpApiEvent({ method: 'GET', path: '/api/projects', query: 'limit=24', routeKey: 'GET /api/projects', viewerIp: '203.0.113.7', originSecret: ORIGIN_SECRET }),
      lambdaContext('public'),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers?.['content-type']).toMatch(/^application\/json/);
    const page = JSON.parse(response.body) as { items: { id: string; title: string; status: string }[] };
    expect(page.items.length).toBeGreaterThanOrEqual(6);
    for (const project of page.items) {
      expect(project).toEqual(expect.objectContaining({ id: expect.any(String), title: expect.any(String) }));
      expect(['finished', 'ongoing', 'upcoming']).toContain(project.status);
    }
  });

  it('answer GET /api/form-token with a token signed with the key derived from the origin secret, never cached', async () => {
    const before = Date.now();
    const response = await handlers.public(
      httpApiEvent({ method: 'GET', path: '/api/form-token', routeKey: 'GET /api/form-token', viewerIp: '203.0.113.46', originSecret: ORIGIN_SECRET }),
      lambdaContext('public'),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers?.['cache-control']).toBe('no-store');
    const { token } = JSON.parse(response.body) as { token: string };
    expect(formTokenIssuedAt(token, [formTokenKeyFrom(ORIGIN_SECRET)])).toBeGreaterThanOrEqual(before);
  });

  it('answer POST /api/calculator with 201 and the estimate, stored with a lead', async () => {
    const viewerIp = '203.0.113.45';
    const start = Date.now();
    const response = await handlers.public(
      httpApiEvent({
        method: 'POST',
        path: '/api/calculator',
        routeKey: 'POST /api/calculator',
        viewerIp,
        originSecret: ORIGIN_SECRET,
        body: { ...validEstimate, formToken: personsFormToken() },
      }),
      lambdaContext('public'),
    );
    expect(response.statusCode).toBe(201);
    const estimate = JSON.parse(response.body) as Record<string, unknown>;
    expect(estimate).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        createdAt: expect.any(String),
        minCost: expect.any(Number),
        maxCost: expect.any(Number),
        totalCost: expect.any(Number),
        costPerSqft: expect.any(Number),
      }),
    );
    expect(estimate.minCost as number).toBeLessThan(estimate.maxCost as number);

    const stored = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.estimate(estimate.id as string) }));
    expect(stored.Item).toEqual(expect.objectContaining({ area: 1450, leadId: expect.any(String) }));
    // Rate limited per visitor: the CloudFront viewer address, not the edge server or X-Forwarded-For.
    expect(await formHits(viewerIp, start)).toBe(1);
    expect(await formHits(EDGE_IP, start)).toBe(0);
    expect(await formHits('198.51.100.99', start)).toBe(0); // the X-Forwarded-For value
  });

  it('take an IPv6 visitor address from CloudFront-Viewer-Address, without its port', async () => {
    const start = Date.now();
    const response = await handlers.public(
      httpApiEvent({
        method: 'POST',
        path: '/api/contact',
        routeKey: 'POST /api/contact',
        viewerIp: '2001:db8:85a3::8a2e:370:7334',
        originSecret: ORIGIN_SECRET,
        body: { firstName: 'Divya', lastName: 'Rao', email: 'divya@example.com', phone: '9000022222', message: 'Office fit-out' },
      }),
      lambdaContext('public'),
    );
    expect(response.statusCode).toBe(201);
    expect(await formHits('2001:db8:85a3::8a2e:370:7334', start)).toBe(1);
  });

  it('refuse with 403, before the app runs, a request that did not come through CloudFront', async () => {
    for (const [name, handler] of Object.entries(handlers)) {
      for (const originSecret of [undefined, 'not-the-origin-secret']) {
        const start = Date.now();
        const response = await handler(
          httpApiEvent({
            method: 'POST',
            path: '/api/contact',
            routeKey: 'POST /api/contact',
            viewerIp: '192.0.2.200', // forged: no origin secret, or a wrong one
            ...(originSecret ? { originSecret } : {}),
            body: { firstName: 'Rahul', lastName: 'Menon', email: 'rahul@example.com', phone: '9000011111', message: 'Kitchen' },
          }),
          lambdaContext(name),
        );
        expect(response.statusCode, `${name} ${originSecret ?? 'without header'}`).toBe(403);
        expect(await formHits('192.0.2.200', start)).toBe(0);
        expect(await formHits(EDGE_IP, start)).toBe(0);
      }
    }
  });

  it('read the origin secret from Secrets Manager by its ARN, once per cold start (cached)', () => {
    expect(secretReads.length).toBeGreaterThanOrEqual(1);
    expect(secretReads.length).toBeLessThanOrEqual(Object.keys(handlers).length); // one read per function, not one per request
    for (const read of secretReads) expect(read.SecretId).toBe(ORIGIN_SECRET_ARN);
  });

  it("admin bundle runs the notification outbox's sender on the schedule's tick, with no origin secret", async () => {
    // The website leads of the tests above are due (this table has no SMTP host: each only rings the bell, or is skipped).
    const first = (await handlers.admin(OUTBOX_TICK, lambdaContext('admin'))) as unknown as Record<string, number>;
    expect(first.claimed).toBe(first.sent! + first.retrying! + first.failed! + first.skipped!);
    expect(await handlers.admin(OUTBOX_TICK, lambdaContext('admin'))).toEqual({ claimed: 0, sent: 0, retrying: 0, failed: 0, skipped: 0 });
  });

  it("admin bundle serves the staff routes (guarded), and none declared for another function: those answer a JSON 404", async () => {
    const staff = await handlers.admin(
      httpApiEvent({ method: 'GET', path: '/api/dashboard/comprehensive-stats', routeKey: 'ANY /api/{proxy+}', originSecret: ORIGIN_SECRET }),
      lambdaContext('admin'),
    );
    expect([staff.statusCode, JSON.parse(staff.body)]).toEqual([401, { error: 'Please sign in to continue' }]);
    // The website's read is the public function's (functions/src/handlers/admin-routes.ts): API Gateway never sends it here.
    for (const path of ['/api/site', '/api/not-yet']) {
      const missing = await handlers.admin(httpApiEvent({ method: 'GET', path, routeKey: 'ANY /api/{proxy+}', originSecret: ORIGIN_SECRET }), lambdaContext('admin'));
      expect([missing.statusCode, JSON.parse(missing.body)], path).toEqual([404, { error: 'Not found' }]);
    }
  });

  it('auth bundle serves signing in and who is signed in against the table', async () => {
    const me = await handlers.auth(httpApiEvent({ method: 'GET', path: '/api/auth/me', routeKey: 'GET /api/auth/me', originSecret: ORIGIN_SECRET }), lambdaContext('auth'));
    expect([me.statusCode, JSON.parse(me.body)]).toEqual([200, { user: null }]);
    const login = await handlers.auth(
      httpApiEvent({
        method: 'POST',
        path: '/api/auth/login',
        routeKey: 'POST /api/auth/login',
        viewerIp: '203.0.113.60',
        originSecret: ORIGIN_SECRET,
        body: { email: `nobody-${randomUUID()}@kaveri-studio.in`, password: 'not-a-password-at-all' },
      }),
      lambdaContext('auth'),
    );
    expect([login.statusCode, JSON.parse(login.body)]).toEqual([401, { error: 'Invalid email or password' }]);
  });

  it('client-link bundle shows a quote through its share link, and refuses an unknown one', async () => {
    const input = quotationCreateSchema.validateSync({
      clientDetails: { name: 'Ananya Reddy', phone: '9876543211', projectType: '2BHK' },
      rows: [{ usageArea: 'Kitchen', item: 'Modular base cabinets', unit: 'sq.ft', length: 12, width: 2.5, quantity: 1, unitPrice: 1450 }],
      status: 'sent',
      confirmLowMargin: true,
    });
    const created = await createQuotation(db, input, systemContext(new Date().toISOString()), new Date().toISOString().slice(0, 10));
    if (!('item' in created)) throw new Error('quotation not created');
    const shown = await handlers.clientLink(
      httpApiEvent({ method: 'GET', path: `/api/quote-links/${created.item.shareToken!}`, routeKey: 'GET /api/quote-links/{token}', originSecret: ORIGIN_SECRET }),
      lambdaContext('clientLink'),
    );
    expect(shown.statusCode, shown.body.slice(0, 200)).toBe(200);
    expect(JSON.parse(shown.body)).toMatchObject({ quotationNumber: created.item.quotationNumber, status: 'sent' });
    const unknown = await handlers.clientLink(
      httpApiEvent({ method: 'GET', path: `/api/quote-links/${'A'.repeat(43)}`, routeKey: 'GET /api/quote-links/{token}', originSecret: ORIGIN_SECRET }),
      lambdaContext('clientLink'),
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('PDF bundle renders a quotation through its share link, with the fonts beside it, and refuses what it must', async () => {
    const input = quotationCreateSchema.validateSync({
      clientDetails: { name: 'Ananya Reddy', phone: '9876543210', projectType: '2BHK' },
      rows: [{ usageArea: 'Kitchen', item: 'Modular base cabinets', unit: 'sq.ft', length: 12, width: 2.5, quantity: 1, unitPrice: 1450 }],
      status: 'sent',
      confirmLowMargin: true,
    });
    const created = await createQuotation(db, input, systemContext(new Date().toISOString()), new Date().toISOString().slice(0, 10));
    if (!('item' in created)) throw new Error('quotation not created');
    const token = created.item.shareToken!;
    const path = `/api/quote-links/${token}/pdf`;
    const started = performance.now();
    const response = await handlers.pdf(
      httpApiEvent({ method: 'GET', path, routeKey: 'GET /api/quote-links/{token}/pdf', originSecret: ORIGIN_SECRET }),
      lambdaContext('pdf'),
    );
    const elapsed = performance.now() - started;
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers?.['content-type']).toBe('application/pdf');
    // Binary through API Gateway: base64 with the flag set, or the bytes would be mangled as text.
    expect((response as { isBase64Encoded?: boolean }).isBase64Encoded).toBe(true);
    const pdf = Buffer.from(response.body, 'base64');
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    expect(pdf.toString('latin1')).toContain('/FontFile2');
    expect(pdf.length).toBeGreaterThan(5_000);
    expect(elapsed).toBeLessThan(5_000);

    const unknown = await handlers.pdf(
      httpApiEvent({ method: 'GET', path: `/api/quote-links/${'A'.repeat(43)}/pdf`, routeKey: 'GET /api/quote-links/{token}/pdf', originSecret: ORIGIN_SECRET }),
      lambdaContext('pdf'),
    );
    expect(unknown.statusCode).toBe(404);
    const staff = await handlers.pdf(
      httpApiEvent({ method: 'GET', path: `/api/quotations/${created.item.id}/pdf`, routeKey: 'GET /api/quotations/{id}/pdf', originSecret: ORIGIN_SECRET }),
      lambdaContext('pdf'),
    );
    expect(staff.statusCode).toBe(401);
  });

});
