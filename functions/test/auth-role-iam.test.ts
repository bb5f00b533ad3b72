import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { fileFieldCrypto } from '../src/secrets/field-crypto';
import { REGISTRATION_RECEIVED, type LoginChallengeAnswer, type RecoveryCodesAnswer, type TwoFactorEnrolment } from '@app/shared-types/two-factor';
import { declaredRoutes } from '../src/app';
import { totpCode } from '../src/auth/totp';
import { metaSignature } from '../src/integrations/webhooks';
import type { Db } from '../src/db/client';
import { systemContext } from '../src/db/entity';
import { keys } from '../src/db/keys';
import { routeKey } from '../src/lib/route-access';
import { createEmployee } from '../src/people/employee-repo';
import { getSettings, saveSettings } from '../src/settings/settings-repo';
import {
  createTestApp,
  json,
  login,
  newVisitorIp,
  signedInStaff,
  staffRequest,
  STAFF_PASSWORD,
  TEST_IP_HEADER,
  TEST_ORIGIN,
  type TestApp,
  type TestClock,
} from './helpers';
import { callSummary, refusedCalls, rolePolicy, unusedGrants, type RecordedCall } from './iam/recorder';
import type { callRecorder } from './iam/recorder';

/**
 * The IAM replay of the auth function (handlers/auth.ts): every DynamoDB call
 * of the routes API Gateway sends it (signing in with a password and with a
 * second step, two-factor enrolment at sign-in, lockout, requesting access, and
 * who is signed in) is checked against its role as synthesized
 * (infra/auth-role-policy.json). Set-up the test does through staff routes runs
 * on the admin function and is checked against the admin role.
 */

const policy = rolePolicy('auth');
let app: TestApp;
let db: Db;
let clock: TestClock;
let calls: RecordedCall[];
let served: ReturnType<typeof callRecorder>['served'];
let admin: Awaited<ReturnType<typeof signedInStaff>>;
/** The account the test signs in with: one password hash for every account (helpers' fixture hash). */
let passwordHash: string;

/** The app's field crypto: the test opens a reset link's sealed token with it, as the outbox sender would. */
const fieldCrypto = fileFieldCrypto(join(mkdtempSync(join(tmpdir(), 'pii-')), 'pii-data-key'));

beforeAll(async () => {
  const made = await createTestApp({ fieldCrypto });
  ({ app, db, clock } = made);
  ({ calls, served } = made.replay);
  admin = await signedInStaff(app, db, 'superadmin');
  passwordHash = admin.employee.passwordHash;
});

/** A new active account of the test's own (its password STAFF_PASSWORD), not yet signed in. */
const account = (role: 'employee' | 'manager' = 'employee') =>
  createEmployee(db, { name: `Replay ${role}`, email: `${role}-${crypto.randomUUID()}@kaveri-studio.in`, role, passwordHash }, new Date().toISOString());

const challengeOf = (response: Response) => response.headers.getSetCookie().find((line) => line.startsWith('login-challenge='))?.split(';')[0] ?? '';

const verify = (cookie: string, body: unknown) =>
  app.request('/api/auth/login/verify', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, [TEST_IP_HEADER]: newVisitorIp(), cookie },
    body: JSON.stringify(body),
  });

const post = (path: string, body: unknown) =>
  app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, [TEST_IP_HEADER]: newVisitorIp() }, body: JSON.stringify(body) });

/** An account deactivated by the test itself (not recorded). */
const deactivate = (id: string) =>
  db.doc.send(
    new UpdateCommand({ TableName: db.table, Key: keys.employee(id), UpdateExpression: 'SET #status = :inactive', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':inactive': 'inactive' } }),
  );

/** Settings > Security changed by the test itself (not recorded). */
async function security(change: { requireTwoFactor?: boolean; allowRegistration?: boolean }) {
  const current = await getSettings(db);
  const { smtpPasswordSet: _set, ...email } = current.email;
  const saved = await saveSettings(db, undefined, { ...current, email, security: { ...current.security, ...change } }, systemContext(new Date().toISOString()));
  expect(saved).toHaveProperty('saved');
}

describe('signing in and who is signed in', () => {
  it('answers who is signed in: nobody, a live session (touched after a minute), one that idled out, a deactivated account', async () => {
    expect(await json(app.request('/api/auth/me'))).toEqual({ user: null });
    const { cookie, employee } = await signedInStaff(app, db);
    expect(await json<{ user: { id: string } }>(staffRequest(app, '/api/auth/me', cookie))).toMatchObject({ user: { id: employee.id } });
    clock.advance(2 * 60_000);
    expect(await json<{ user: { id: string } }>(staffRequest(app, '/api/auth/me', cookie))).toMatchObject({ user: { id: employee.id } });
    clock.advance(24 * 60 * 60_000);
    expect(await json(staffRequest(app, '/api/auth/me', cookie))).toEqual({ user: null });
    const leaver = await signedInStaff(app, db);
    await deactivate(leaver.employee.id);
    expect(await json(staffRequest(app, '/api/auth/me', leaver.cookie))).toEqual({ user: null });
  });

  it('refuses an unknown email, a wrong password and an inactive account, and locks an account or an unknown email after too many', async () => {
    const employee = await account();
    const nobody = `nobody-${crypto.randomUUID()}@kaveri-studio.in`;
    expect((await login(app, nobody, STAFF_PASSWORD)).response.status).toBe(401);
    expect((await login(app, employee.email, 'not-the-password')).response.status).toBe(401);
    const { security: { maxLoginAttempts } } = await getSettings(db);
    for (const email of [employee.email, nobody]) {
      const statuses: number[] = [];
      for (let i = 0; i < maxLoginAttempts; i++) statuses.push((await login(app, email, 'not-the-password')).response.status);
      expect(statuses.at(-1), email).toBe(429);
    }
    const idle = await account();
    await deactivate(idle.id);
    expect((await login(app, idle.email, STAFF_PASSWORD)).response.status).toBe(401);
  });

  it('signs in with a second step: a wrong code, a right one, a recovery code, and no challenge', async () => {
    const { cookie, employee } = await signedInStaff(app, db);
    // Turned on through the staff routes (the admin function).
    const { secret } = await json<TwoFactorEnrolment>(staffRequest(app, '/api/auth/two-factor/start', cookie, { method: 'POST' }));
    const confirmed = await staffRequest(app, '/api/auth/two-factor/confirm', cookie, { method: 'POST', body: { code: totpCode(secret, clock.now()) } });
    const { recoveryCodes } = await json<RecoveryCodesAnswer>(confirmed);
    clock.advance(30_000);

    const first = await login(app, employee.email, STAFF_PASSWORD);
    expect(await json<LoginChallengeAnswer>(first.response)).toEqual({ twoFactor: 'code' });
    const code = totpCode(secret, clock.now());
    expect((await verify(challengeOf(first.response), { code: code === '000000' ? '111111' : '000000' })).status).toBe(401);
    expect((await verify(challengeOf(first.response), { code })).status).toBe(200);
    const second = await login(app, employee.email, STAFF_PASSWORD);
    expect((await verify(challengeOf(second.response), { recoveryCode: recoveryCodes[0] })).status).toBe(200);
    expect((await verify('login-challenge=not-a-challenge', { code })).status).toBe(401);
  });

  it('enrols an account at sign-in when Settings require two-factor sign-in', async () => {
    await security({ requireTwoFactor: true });
    try {
      const employee = await account('manager');
      const started = await login(app, employee.email, STAFF_PASSWORD);
      const enrolment = await json<LoginChallengeAnswer & { secret: string }>(started.response);
      expect(enrolment.twoFactor).toBe('enrol');
      expect((await verify(challengeOf(started.response), { code: totpCode(enrolment.secret, clock.now()) })).status).toBe(200);
    } finally {
      await security({ requireTwoFactor: false });
    }
  });

  it('takes a request for access while Settings allow it: a new email, a taken one; and refuses it while off', async () => {
    const request = { name: 'Priya Sharma', email: `priya-${crypto.randomUUID()}@example.com`, password: 'a-long-enough-password', phone: '9876543210', department: 'Design' };
    expect((await app.request('/api/auth/registration')).status).toBe(404);
    expect((await post('/api/auth/register', request)).status).toBe(404);
    await security({ allowRegistration: true });
    expect((await app.request('/api/auth/registration')).status).toBe(200);
    const made = await post('/api/auth/register', request);
    expect([made.status, (await json<{ message: string }>(made)).message]).toEqual([202, REGISTRATION_RECEIVED]);
    expect((await post('/api/auth/register', { ...request, name: 'Someone else' })).status).toBe(202);
  });
});

describe("'Forgot password?'", () => {
  /** The token of the reset link the outbox holds for `employeeId`, opened as the sender opens it (read by the test itself, not recorded). */
  async function mailedToken(employeeId: string): Promise<string> {
    const { Items = [] } = await db.doc.send(new ScanCommand({ TableName: db.table, FilterExpression: 'entityType = :outbox', ExpressionAttributeValues: { ':outbox': 'Outbox' } }));
    const event = Items.map((item) => item.event as { kind: string; employeeId?: string; tokenSealed?: string }).find((e) => e.kind === 'password.reset' && e.employeeId === employeeId);
    if (!event?.tokenSealed) throw new Error('no reset link in the outbox');
    return fieldCrypto.open(event.tokenSealed);
  }

  it('shows the password rule, takes requests (an account, an unknown email), resets by the link once', async () => {
    const employee = await account();
    expect((await app.request('/api/auth/password-rules')).status).toBe(200);
    expect((await post('/api/auth/password-reset', { email: `nobody-${crypto.randomUUID()}@kaveri-studio.in` })).status).toBe(202);
    expect((await post('/api/auth/password-reset', { email: employee.email })).status).toBe(202);
    const token = await mailedToken(employee.id);
    expect((await post('/api/auth/password-reset/complete', { token, newPassword: 'Brand-new-Pa55word' })).status).toBe(200);
    expect((await post('/api/auth/password-reset/complete', { token, newPassword: 'Brand-new-Pa55word' })).status).toBe(400);
  });
});

describe('the lead webhooks (issue 26)', () => {
  it('checks a subscription, refuses unsigned events and a wrong google_key, and counts a signed event of an integration that is off', async () => {
    // Set up through the admin function: Meta off, with its app secret; Google with its key.
    const secret = 'replay-app-secret';
    const { cookie } = await signedInStaff(app, db, 'admin');
    for (const [platform, body] of [
      ['meta', { isActive: false, appSecret: secret }],
      ['google', { isActive: false, googleKey: 'replay-google-key' }],
    ] as const) {
      expect((await staffRequest(app, `/api/integrations/${platform}`, cookie, { method: 'PUT', body })).status).toBe(200);
    }
    expect((await app.request('/api/webhooks/meta?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1')).status).toBe(403);
    const raw = JSON.stringify({ object: 'page', entry: [{ id: '1', changes: [{ field: 'leadgen', value: { leadgen_id: 'L1' } }] }] });
    expect((await app.request('/api/webhooks/meta', { method: 'POST', headers: { 'content-type': 'application/json' }, body: raw })).status).toBe(401);
    const signed = await app.request('/api/webhooks/meta', { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(raw, secret) }, body: raw });
    expect(await json(signed)).toMatchObject({ accepted: 0, ignored: 1 });
    expect((await post('/api/webhooks/google-ads', { lead_id: 'G1', google_key: 'wrong' })).status).toBe(403);
  });
});

describe('the auth function role', () => {
  it('allows every DynamoDB call its routes made, and each partition it grants was used', () => {
    const authRoutes = declaredRoutes().declared.filter((route) => route.lambda === 'auth').map(routeKey);
    expect([...(served.get('auth') ?? [])].sort()).toEqual(authRoutes.sort());
    const refused = refusedCalls(calls, 'auth', policy);
    console.log(
      `IAM replay: ${calls.filter((call) => call.fn === 'auth').length} DynamoDB calls of ${authRoutes.length} auth routes checked against the auth role: ` +
        `${callSummary(calls, 'auth')}; ${refused.length} refused`,
    );
    expect(refused, 'DynamoDB calls the auth function role would refuse in AWS').toEqual([]);
    expect(unusedGrants(calls, 'auth', policy), 'partitions the auth role grants that no call needed').toEqual([]);
    // The set-up through staff routes ran on the admin function, within its role.
    expect(refusedCalls(calls, 'admin')).toEqual([]);
  });
});
