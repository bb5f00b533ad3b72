import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { dynamoEndpoint } from './dynamo-endpoint';
import { projectCreateSchema } from '@app/shared-types/projects';
import { createApp } from '../src/app';
import type { Deps } from '../src/app-deps';
import { createEmployee } from '../src/people/employee-repo';
import { generatePrivateJwk, signingKeyFromJwk, staticSigningKey, type SigningKey } from '../src/auth/signing-key';
import { createDb, type Db, type DbOptions } from '../src/db/client';
import { formTokenKeyFromSigningKey, formTokenKeysFromSigningKey, issueFormToken } from '../src/leads/form-token';
import { ensureTable } from '../src/local/create-table';
import { localPhotoStorage } from '../src/photos/local-photo-storage';
import { fileFieldCrypto } from '../src/secrets/field-crypto';
import { ROLE_POLICY_FILES, type FunctionName, type PolicySnapshot } from './iam/policy';
import { asJobsFunction, callRecorder, refusedCalls, rolePolicy } from './iam/recorder';

const FUNCTION_NAMES = Object.keys(ROLE_POLICY_FILES) as FunctionName[];
const rolePolicies = new Map<FunctionName, PolicySnapshot>();
const cachedRolePolicy = (fn: FunctionName) => rolePolicies.get(fn) ?? rolePolicies.set(fn, rolePolicy(fn)).get(fn)!;

export const TEST_IP_HEADER = 'x-test-client-ip';

/** The app's clock in tests: real time plus an offset that `advance` moves, so nothing sleeps. */
export class TestClock {
  private offsetMs = 0;
  readonly now = () => Date.now() + this.offsetMs;
  advance(ms: number) {
    this.offsetMs += ms;
  }
  /** Moves to one second into the next minute: requests made now share one window of a per-minute limit. */
  toNextMinute() {
    const now = this.now();
    this.advance(Math.ceil(now / 60_000) * 60_000 + 1000 - now);
  }
}

/** An in-memory session signing key, one per test file. */
export const testSigningKey: SigningKey = signingKeyFromJwk(generatePrivateJwk());

/** Each test app's clock, for the form tokens postForm makes (by the app's time). */
const clocks = new WeakMap<object, TestClock>();

/** The IAM replays of the test apps made since the last replayRefusals(): one per app. */
const replays: ReturnType<typeof callRecorder>[] = [];

/**
 * The IAM replay of every test app (test/iam/recorder.ts): each DynamoDB call a
 * request makes, checked against the role of the function API Gateway sends its
 * route to, as synthesized (infra/<function>-role-policy.json); jobs the app starts
 * against the Jobs function's. Answers the calls those roles would refuse in AWS
 * (DynamoDB Local checks no permissions), one line each, since the last call:
 * test/setup.ts asks after each test file, so every API test is a replay.
 */
export function replayRefusals(): string[] {
  const made = replays.splice(0);
  return FUNCTION_NAMES.flatMap((fn) => made.flatMap((replay) => refusedCalls(replay.calls, fn, cachedRolePolicy(fn))));
}

/**
 * How long a test app's DynamoDB calls wait for a connection (production: 1 s, DB_TIMEOUTS). The
 * SDK's client keeps at most 50 sockets, and its connection timeout counts from the call, so a call
 * queued behind 50 others in flight timed out as if the database were unreachable (a 503 'briefly
 * unavailable' where the test expected its 201). A Lambda serves one request at a time and never
 * queues there; a test app serves 60 requests at once through one client (the contention tests), and
 * on a busy machine those 50 take over a second. The production timeouts are tested with clients of
 * their own (db-outage.test.ts).
 */
const TEST_CONNECTION_TIMEOUT_MS = 10_000;

/**
 * A fresh table on the run's DynamoDB Local and the app on top of it. The
 * caller's IP comes from a test header, so each test can be its own visitor.
 * Public form tokens are signed as on a laptop: with a key derived from the
 * (test) signing key, whatever signingKey an override gives. Its requests are
 * replayed against the functions' roles (replayRefusals). `dbTimeouts`: the
 * SDK's per-call timeouts (db/client.ts DB_TIMEOUTS) for an app whose test is
 * not about them (see unhurriedTestApp).
 */
export async function createTestApp(overrides: Partial<Deps> = {}, options: { dbTimeouts?: DbOptions['timeouts'] } = {}) {
  const db: Db = createDb({
    table: `test-${randomUUID()}`,
    endpoint: dynamoEndpoint(),
    region: 'local',
    timeouts: { connectionTimeoutMs: TEST_CONNECTION_TIMEOUT_MS, ...options.dbTimeouts },
  });
  await ensureTable(db);
  const clock = new TestClock();
  const replay = callRecorder(db);
  // Photos go to a folder of this test file's own, as on a laptop.
  const photos = localPhotoStorage(mkdtempSync(join(tmpdir(), 'photos-')), clock.now);
  const app = createApp({
    db,
    clientIp: (c) => c.req.header(TEST_IP_HEADER) ?? '192.0.2.1',
    signingKey: staticSigningKey(testSigningKey),
    now: clock.now,
    photos: photos.storage,
    // Employees' personal data sealed under a key file of this test app's own, as on a laptop.
    fieldCrypto: fileFieldCrypto(join(mkdtempSync(join(tmpdir(), 'pii-')), 'pii-data-key')),
    formTokenKeys: formTokenKeysFromSigningKey(staticSigningKey(testSigningKey)),
    ...overrides,
    // Jobs started here run in this process, as the Jobs function does deployed: under its role.
    ...(overrides.backups ? { backups: { ...overrides.backups, runner: asJobsFunction(replay, overrides.backups.runner) } } : {}),
    ...(overrides.jobs ? { jobs: asJobsFunction(replay, overrides.jobs) } : {}),
  });
  replay.attach(app);
  replays.push(replay);
  clocks.set(app, clock);
  return { app, db, clock, photoRoutes: photos.routes, replay };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>['app'];

/**
 * A test app for a test of a big or heavily contended write, not of the time limits: on a busy test
 * machine (two cores, other test files beside it) DynamoDB Local can take longer than the request
 * deadlines (REQUEST_DEADLINE_MS) and the SDK's 3 s per call (DB_TIMEOUTS) for work AWS does well
 * within them, and a call that timed out is sent again, doubling the database's work. Its answers
 * are then 503s that say nothing of the code under test. The limits themselves are tested with apps
 * of their own (db-outage.test.ts, route-guard.test.ts).
 */
export function unhurriedTestApp(overrides: Partial<Deps> = {}) {
  return createTestApp({ requestDeadlineMs: 120_000, ...overrides }, { dbTimeouts: { requestTimeoutMs: 60_000 } });
}

/** A new documentation-range IP address per call, so rate limits of one test never touch another. */
export function newVisitorIp(): string {
  const n = Math.floor(Math.random() * 65_000);
  return `198.51.${n >> 8}.${n & 255}`;
}

export function postJson(app: TestApp, path: string, body: unknown, ip = newVisitorIp()) {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TEST_IP_HEADER]: ip },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/**
 * The token of a form shown `ageMs` ago by `app`'s clock (GET /api/form-token
 * would have given it then): a person's time unless `ageMs` says otherwise.
 */
export function formTokenOf(app: TestApp, ageMs = 60_000): string {
  const now = clocks.get(app)?.now() ?? Date.now();
  return issueFormToken(formTokenKeyFromSigningKey(testSigningKey), now - ageMs);
}

/**
 * A public form (calculator, contact) as the website sends it: with the token
 * it got when it was shown, a person's time ago (the body may replace it).
 */
export function postForm(app: TestApp, path: string, body: object, ip = newVisitorIp()) {
  return postJson(app, path, { formToken: formTokenOf(app), ...body }, ip);
}

export const validEstimate = {
  bhk: '3bhk',
  area: 1450,
  material: 'premium',
  rooms: 'all',
  name: 'Ananya Iyer',
  phone: '+91 99887 76655',
  email: 'ananya@example.com',
  city: 'Hyderabad',
};

export const validContact = {
  firstName: 'Rahul',
  lastName: 'Menon',
  email: 'rahul@example.com',
  phone: '9000011111',
  projectType: 'renovation',
  message: 'We want to redo our kitchen and living room.',
};

/** What `app.request('/api/...')` sees as its own origin. */
export const TEST_ORIGIN = 'http://localhost';

/** The `session=<token>` pair of a response's Set-Cookie, or undefined. */
export function sessionCookieOf(response: Response): string | undefined {
  const header = response.headers.getSetCookie().find((line) => line.startsWith('session='));
  const pair = header?.split(';')[0];
  return pair && pair !== 'session=' ? pair : undefined;
}

export async function login(app: TestApp, email: string, password: string, ip = newVisitorIp()) {
  const response = await app.request('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, [TEST_IP_HEADER]: ip },
    body: JSON.stringify({ email, password }),
  });
  return { response, cookie: sessionCookieOf(response) };
}

/** A request as the portal sends it: the session cookie, same origin, JSON when there is a body. */
export function staffRequest(app: TestApp, path: string, cookie: string | undefined, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  return app.request(path, {
    method: init.method ?? 'GET',
    headers: {
      origin: TEST_ORIGIN,
      [TEST_IP_HEADER]: newVisitorIp(),
      ...(cookie ? { cookie } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : { 'x-requested-with': 'fetch' }),
      ...init.headers,
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
}

export const STAFF_PASSWORD = 'Str0ng-enough-pass';

/**
 * The test accounts' stored password hash, made once per test file: scrypt at
 * N=2^14 (the lowest cost `verifyPassword` accepts) instead of production's 2^17.
 * A stored hash names its own parameters, so every sign-in still runs the real
 * verification, at about 60 ms instead of 500 ms of a core. Production keeps
 * 2^17 for every hash it makes (auth/password.test.ts asserts it).
 */
function fixturePasswordHash(password: string): string {
  const logN = 14;
  const salt = randomBytes(16);
  const hash = scryptSync(password.normalize('NFC'), salt, 32, { N: 2 ** logN, r: 8, p: 1 });
  return ['scrypt', logN, 8, 1, salt.toString('base64'), hash.toString('base64')].join('$');
}
let sharedPasswordHash: string | undefined;

/**
 * A new active staff account with `role`, signed in: returns its session
 * cookie. The password is hashed once per test file, at a low cost (fixturePasswordHash).
 */
export async function signedInStaff(app: TestApp, db: Db, role: 'employee' | 'manager' | 'admin' | 'superadmin' = 'employee') {
  sharedPasswordHash ??= fixturePasswordHash(STAFF_PASSWORD);
  const email = `${role}-${randomUUID()}@kaveri-studio.in`;
  const employee = await createEmployee(
    db,
    { name: `Test ${role}`, email, role, passwordHash: sharedPasswordHash },
    new Date().toISOString(),
  );
  const { cookie } = await login(app, email, STAFF_PASSWORD);
  if (!cookie) throw new Error(`could not sign in as ${email}`);
  return { cookie, employee };
}

/** A test app with one signed-in account for each role asked for, by role. */
export function createStaffApp<R extends 'employee' | 'manager' | 'admin' | 'superadmin'>(...roles: R[]) {
  return staffAppOn(createTestApp(), roles);
}

/** createStaffApp without the time limits (unhurriedTestApp): for a test of a heavily contended write. */
export function unhurriedStaffApp<R extends 'employee' | 'manager' | 'admin' | 'superadmin'>(...roles: R[]) {
  return staffAppOn(unhurriedTestApp(), roles);
}

async function staffAppOn<R extends 'employee' | 'manager' | 'admin' | 'superadmin'>(made: ReturnType<typeof createTestApp>, roles: R[]) {
  const { app, db, clock, photoRoutes } = await made;
  const accounts = await Promise.all(roles.map((role) => signedInStaff(app, db, role)));
  const staff = new Map(roles.map((role, i) => [role, accounts[i]!]));
  return { app, db, clock, photoRoutes, staff: (role: R) => staff.get(role)! };
}

/** A valid customer as the create dialog sends it. */
export const customerInput = {
  firstName: 'Meera',
  lastName: 'Nair',
  phone: '+91 90000 22222',
  email: 'meera@example.com',
  address: '12 Road No. 3, Banjara Hills',
  city: 'Hyderabad',
  notes: '',
};

/** A valid project of `customerId` with the schema's defaults, as the create dialog sends it. */
export function projectInput(customerId: string) {
  return projectCreateSchema.validateSync({ customerId, name: 'Nair residence', projectType: '3BHK' });
}

/** The JSON body of a response (or of a pending one), typed as the test expects it. */
export async function json<T>(response: Response | Promise<Response>): Promise<T> {
  return (await (await response).json()) as T;
}

let phoneCounter = 0;
/** A 10-digit phone number starting with `first` that no other call in this test process returns. */
export function uniquePhone(first = '9'): string {
  return `${first}${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++phoneCounter).padStart(3, '0')}`;
}

/**
 * Reads a cursor-paged list to its end, `limit` items a page, and returns the
 * ids in the order the pages gave them; fails if a page holds more than `limit`.
 */
export async function readAllPages(
  list: (query: Record<string, string>) => Promise<{ items: { id: string }[]; nextCursor?: string }>,
  query: Record<string, string>,
  limit = 2,
): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await list({ ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
    expect(page.items.length).toBeLessThanOrEqual(limit);
    seen.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}
