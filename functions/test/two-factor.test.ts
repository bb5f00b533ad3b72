import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from '@app/shared-types/api';
import type { AuditEntry } from '@app/shared-types/audit';
import type { EmployeeRecord } from '@app/shared-types/employees';
import type { SettingsAnswer } from '@app/shared-types/settings';
import { TWO_FACTOR_MESSAGES, type LoginChallengeAnswer, type RecoveryCodesAnswer, type TwoFactorEnrolment, type TwoFactorStatus, type VerifiedLogin } from '@app/shared-types/two-factor';
import { totpCode } from '../src/auth/totp';
import { keys } from '../src/db/keys';
import { LOGIN_FAILED, LOGIN_IP_LIMIT } from '../src/auth/auth-routes';
import {
  createStaffApp,
  json,
  login,
  newVisitorIp,
  sessionCookieOf,
  signedInStaff,
  staffRequest,
  STAFF_PASSWORD,
  TEST_IP_HEADER,
  TEST_ORIGIN,
  type TestApp,
} from './helpers';

type Staff = Awaited<ReturnType<typeof createStaffApp<'employee' | 'admin' | 'superadmin'>>>;
let shared: Staff;
beforeAll(async () => {
  shared = await createStaffApp('employee', 'admin', 'superadmin');
});

/** The `login-challenge=<token>` pair of a response's Set-Cookie, or undefined. */
function challengeCookieOf(response: Response): string | undefined {
  const pair = response.headers
    .getSetCookie()
    .find((line) => line.startsWith('login-challenge='))
    ?.split(';')[0];
  return pair && pair !== 'login-challenge=' ? pair : undefined;
}

function verify(app: TestApp, cookie: string | undefined, body: unknown, ip = newVisitorIp()) {
  return app.request('/api/auth/login/verify', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, [TEST_IP_HEADER]: ip, ...(cookie ? { cookie } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A new signed-in employee with two-factor sign-in on: their secret, recovery codes and session. */
async function enrolled(staff: Staff, role: 'employee' | 'admin' = 'employee') {
  const { app, db, clock } = staff;
  const account = await signedInStaff(app, db, role);
  const { secret } = await json<TwoFactorEnrolment>(staffRequest(app, '/api/auth/two-factor/start', account.cookie, { method: 'POST' }));
  const confirmed = await staffRequest(app, '/api/auth/two-factor/confirm', account.cookie, { method: 'POST', body: { code: totpCode(secret, clock.now()) } });
  expect(confirmed.status, await confirmed.clone().text()).toBe(200);
  const { recoveryCodes } = await json<RecoveryCodesAnswer>(confirmed);
  // The confirming code's step is used: the next code comes from the next step.
  clock.advance(30_000);
  return { ...account, secret, recoveryCodes };
}

/** The password step: its answer and the challenge cookie. */
async function passwordStep(app: TestApp, email: string, password = STAFF_PASSWORD) {
  const { response, cookie } = await login(app, email, password);
  return { response, session: cookie, challenge: challengeCookieOf(response) };
}

const auditOf = async (staff: Staff, id: string) =>
  (await json<Page<AuditEntry>>(staffRequest(staff.app, `/api/audit-log?entityId=${id}&limit=100`, staff.staff('superadmin').cookie))).items;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('two-factor set-up (signed in)', () => {
  it('never writes the secret, a code or a recovery code to the log, even at debug level', async () => {
    vi.stubEnv('LOG_LEVEL', 'debug');
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(String(line)));
    vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(String(line)));
    const { app, clock } = shared;
    const account = await enrolled(shared);
    const { challenge } = await passwordStep(app, account.employee.email);
    const code = totpCode(account.secret, clock.now());
    expect((await verify(app, challenge, { code: '000000' === code ? '111111' : '000000' })).status).toBe(401);
    expect((await verify(app, challenge, { code })).status).toBe(200);
    const second = await passwordStep(app, account.employee.email);
    expect((await verify(app, second.challenge, { recoveryCode: account.recoveryCodes[0] })).status).toBe(200);
    const logged = lines.join('\n');
    expect(logged).toContain('login succeeded');
    for (const secret of [account.secret, code, ...account.recoveryCodes, account.recoveryCodes[0]!.replace('-', '')]) expect(logged).not.toContain(secret);
    expect(logged).not.toContain(challenge!.split('=')[1]);
  });

  it('shows a secret and its otpauth URI, refuses a wrong code, turns on with a right one and gives ten recovery codes once', async () => {
    const { app, db, clock } = shared;
    const { cookie, employee } = await signedInStaff(app, db);
    expect(await json<TwoFactorStatus>(staffRequest(app, '/api/auth/two-factor', cookie))).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });

    const start = await staffRequest(app, '/api/auth/two-factor/start', cookie, { method: 'POST' });
    expect(start.status).toBe(200);
    const { secret, otpauthUri } = await json<TwoFactorEnrolment>(start);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(otpauthUri).toContain(encodeURIComponent(employee.email));

    // Sealed at rest: the item never holds the secret in clear.
    const { Item: pending } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.twoFactor(employee.id) }));
    expect(JSON.stringify(pending)).not.toContain(secret);
    expect(pending?.pendingSealed).toMatch(/^v1:/);

    const wrong = await staffRequest(app, '/api/auth/two-factor/confirm', cookie, { method: 'POST', body: { code: totpCode(secret, clock.now() + 5 * 60_000) } });
    expect(wrong.status).toBe(400);
    expect((await json<{ fields: Record<string, string> }>(wrong)).fields.code).toBe(TWO_FACTOR_MESSAGES.invalidCode);
    expect((await json<TwoFactorStatus>(staffRequest(app, '/api/auth/two-factor', cookie))).enabled).toBe(false);

    const right = await staffRequest(app, '/api/auth/two-factor/confirm', cookie, { method: 'POST', body: { code: totpCode(secret, clock.now()) } });
    expect(right.status).toBe(200);
    const { recoveryCodes } = await json<RecoveryCodesAnswer>(right);
    expect(recoveryCodes).toHaveLength(10);
    expect(await json<TwoFactorStatus>(staffRequest(app, '/api/auth/two-factor', cookie))).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });

    const { Item: stored } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.twoFactor(employee.id) }));
    // Plain JSON (no sets): a backup file holds it as it is.
    const raw = JSON.stringify(stored);
    expect(Object.keys(stored?.recoveryHashes as object)).toHaveLength(10);
    expect(raw).not.toContain(secret);
    for (const code of recoveryCodes) expect(raw).not.toContain(code);
    expect(stored?.secretSealed).toMatch(/^v1:/);

    // The admin screens see the flag; the audit log says it was turned on, without any secret.
    const record = await json<EmployeeRecord>(staffRequest(app, `/api/users/${employee.id}`, shared.staff('admin').cookie));
    expect(record.twoFactorEnabled).toBe(true);
    const entries = await auditOf(shared, employee.id);
    const enabledEntry = entries.find((entry) => entry.action === 'enable_two_factor');
    expect(enabledEntry?.actor.id).toBe(employee.id);
    expect(JSON.stringify(entries)).not.toContain(secret);

    // Once on, a new set-up is refused; nothing is shown again.
    expect((await staffRequest(app, '/api/auth/two-factor/start', cookie, { method: 'POST' })).status).toBe(409);
  });

  it('turns off only with a current code or the password; new recovery codes replace the old ones', async () => {
    const staff = shared;
    const { app, clock } = staff;
    const account = await enrolled(staff);
    const disable = (body: unknown) => staffRequest(app, '/api/auth/two-factor/disable', account.cookie, { method: 'POST', body });

    const wrongPassword = await disable({ password: 'not-my-password' });
    expect(wrongPassword.status).toBe(400);
    expect((await json<{ fields: Record<string, string> }>(wrongPassword)).fields.password).toBe(TWO_FACTOR_MESSAGES.wrongPassword);
    expect((await disable({})).status).toBe(400);

    const regenerated = await staffRequest(app, '/api/auth/two-factor/recovery-codes', account.cookie, { method: 'POST', body: { password: STAFF_PASSWORD } });
    expect(regenerated.status).toBe(200);
    const { recoveryCodes } = await json<RecoveryCodesAnswer>(regenerated);
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes).not.toContain(account.recoveryCodes[0]);

    // An old recovery code no longer signs in; a new one does.
    const old = await passwordStep(app, account.employee.email);
    expect((await verify(app, old.challenge, { recoveryCode: account.recoveryCodes[0] })).status).toBe(401);
    expect((await verify(app, old.challenge, { recoveryCode: recoveryCodes[0] })).status).toBe(200);

    const off = await disable({ code: totpCode(account.secret, clock.now()) });
    expect(off.status).toBe(200);
    expect((await json<TwoFactorStatus>(staffRequest(app, '/api/auth/two-factor', account.cookie))).enabled).toBe(false);
    expect((await auditOf(staff, account.employee.id)).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['enable_two_factor', 'regenerate_recovery_codes', 'disable_two_factor']),
    );
    // Signing in is one step again.
    expect((await passwordStep(app, account.employee.email)).session).toBeDefined();
  });
});

describe('sign-in in two steps', () => {
  it('the password starts no session; a right code does, once; a replayed code is refused', async () => {
    const { app, clock } = shared;
    const account = await enrolled(shared);

    const first = await passwordStep(app, account.employee.email);
    expect(first.response.status).toBe(200);
    expect(await json<LoginChallengeAnswer>(first.response.clone())).toEqual({ twoFactor: 'code' });
    expect(first.session).toBeUndefined();
    expect(first.challenge).toBeDefined();
    const setCookie = first.response.headers.getSetCookie().find((line) => line.startsWith('login-challenge='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Max-Age=300/);

    // No challenge, no second step.
    const code = totpCode(account.secret, clock.now());
    const without = await verify(app, undefined, { code });
    expect(without.status).toBe(401);
    expect((await json<{ error: string }>(without)).error).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
    expect((await verify(app, 'login-challenge=forged-token', { code })).status).toBe(401);

    const ok = await verify(app, first.challenge, { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(ok.status, await ok.clone().text()).toBe(200);
    const session = sessionCookieOf(ok);
    expect(session).toBeDefined();
    const body = await json<VerifiedLogin>(ok);
    expect(body.user.id).toBe(account.employee.id);
    expect(body.recoveryCodes).toBeUndefined();
    expect((await json<{ user: { id: string } | null }>(staffRequest(app, '/api/auth/me', session))).user?.id).toBe(account.employee.id);

    // The challenge is used up.
    expect((await verify(app, first.challenge, { code })).status).toBe(401);

    // The same code (same step) through a new sign-in: refused.
    const second = await passwordStep(app, account.employee.email);
    const replayed = await verify(app, second.challenge, { code });
    expect(replayed.status).toBe(401);
    expect((await json<{ error: string }>(replayed)).error).toBe(TWO_FACTOR_MESSAGES.invalidCode);

    // The next step's code works.
    clock.advance(30_000);
    expect((await verify(app, second.challenge, { code: totpCode(account.secret, clock.now()) })).status).toBe(200);
  });

  it('a challenge lives five minutes', async () => {
    const { app, clock } = shared;
    const account = await enrolled(shared);
    const { challenge } = await passwordStep(app, account.employee.email);
    clock.advance(5 * 60_000 + 1_000);
    const late = await verify(app, challenge, { code: totpCode(account.secret, clock.now()) });
    expect(late.status).toBe(401);
    expect((await json<{ error: string }>(late)).error).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
  });

  it('a recovery code signs in once, then is refused', async () => {
    const { app } = shared;
    const account = await enrolled(shared);
    const recoveryCode = account.recoveryCodes[3]!;

    const first = await passwordStep(app, account.employee.email);
    const used = await verify(app, first.challenge, { recoveryCode: recoveryCode.toLowerCase() });
    expect(used.status).toBe(200);
    expect(sessionCookieOf(used)).toBeDefined();
    expect((await json<TwoFactorStatus>(staffRequest(app, '/api/auth/two-factor', account.cookie))).recoveryCodesLeft).toBe(9);

    const second = await passwordStep(app, account.employee.email);
    const again = await verify(app, second.challenge, { recoveryCode });
    expect(again.status).toBe(401);
    expect((await json<{ error: string }>(again)).error).toBe(TWO_FACTOR_MESSAGES.invalidRecoveryCode);
    expect((await verify(app, second.challenge, { recoveryCode: account.recoveryCodes[4] })).status).toBe(200);
  });

  it('wrong codes count toward the lockout with the password: at maxLoginAttempts the answer is the same 429 with Retry-After', async () => {
    const { app, clock } = shared;
    const account = await enrolled(shared);
    // Default maxLoginAttempts is 5: the password step counts one, four wrong codes the rest.
    const { challenge } = await passwordStep(app, account.employee.email);
    const wrong = totpCode(account.secret, clock.now() + 10 * 60_000);
    for (let i = 0; i < 4; i++) {
      const response = await verify(app, challenge, { code: wrong });
      expect(response.status, `wrong code ${i + 1}`).toBe(401);
    }
    const locked = await verify(app, challenge, { code: totpCode(account.secret, clock.now()) });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    const lockedBody = await json<{ error: string }>(locked);
    expect(lockedBody.error).toMatch(/^Too many failed attempts\. Try again in \d+ minutes\.$/);

    // The password step is locked too, with the same answer.
    const { response } = await login(app, account.employee.email, STAFF_PASSWORD);
    expect(response.status).toBe(429);
    expect((await json<{ error: string }>(response)).error).toBe(lockedBody.error);

    // After the lock, a sign-in with a right code goes through and clears the count.
    clock.advance(15 * 60_000 + 1_000);
    const again = await passwordStep(app, account.employee.email);
    expect((await verify(app, again.challenge, { code: totpCode(account.secret, clock.now()) })).status).toBe(200);
  });

  it('the second step is limited per IP address', async () => {
    const { app } = shared;
    const ip = newVisitorIp();
    for (let i = 0; i < LOGIN_IP_LIMIT.limit; i++) {
      expect((await verify(app, undefined, { code: '123456' }, ip)).status).toBe(401);
    }
    const limited = await verify(app, undefined, { code: '123456' }, ip);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).not.toBeNull();
    // Another address is not affected.
    expect((await verify(app, undefined, { code: '123456' })).status).toBe(401);
  });

  it('refuses hostile input with 400 or 413, never a 500', async () => {
    const { app } = shared;
    const account = await enrolled(shared);
    const { challenge } = await passwordStep(app, account.employee.email);
    const cases: [unknown, number][] = [
      ['{"__proto__": {"code": "123456"}}', 400],
      ['{"constructor": {"prototype": {}}}', 400],
      [{ code: '12345\u0000' }, 400],
      [{ code: '\u001b[31m123456' }, 400],
      [{ code: ['123456'] }, 400],
      // A number is read as its digits: a well-formed (wrong) code.
      [{ code: 123456 }, 401],
      [{ recoveryCode: 'x'.repeat(10_000) }, 400],
      [{ code: '123456', recoveryCode: 'ABCDE-FGHJK' }, 400],
      [{}, 400],
      ['[1,2,3]', 400],
      ['not json', 400],
      [{ code: 'x'.repeat(40_000) }, 413],
    ];
    for (const [body, status] of cases) {
      const response = await verify(app, challenge, body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(status);
    }
    const noJson = await app.request('/api/auth/login/verify', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: TEST_ORIGIN, [TEST_IP_HEADER]: newVisitorIp(), cookie: challenge! },
      body: 'code=123456',
    });
    // A form post (no JSON, no X-Requested-With) is what a cross-site page could send: the CSRF guard refuses it.
    expect(noJson.status).toBe(403);
  });
});

describe('Settings > requireTwoFactor', () => {
  it('makes a person without it set it up at sign-in before any session; the admin who turned it on keeps their session and sets it up next time', async () => {
    const staff = await createStaffApp('admin', 'employee');
    const { app, clock } = staff;
    const admin = staff.staff('admin');
    const settings = await json<SettingsAnswer>(staffRequest(app, '/api/settings', admin.cookie));
    const { smtpPasswordSet: _set, ...email } = settings.email;
    const saved = await staffRequest(app, '/api/settings', admin.cookie, {
      method: 'PUT',
      body: { ...settings, email, security: { ...settings.security, requireTwoFactor: true } },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    // The admin's own session goes on.
    expect((await staffRequest(app, '/api/settings', admin.cookie)).status).toBe(200);

    const person = staff.staff('employee').employee;
    const first = await passwordStep(app, person.email);
    expect(first.response.status).toBe(200);
    expect(first.session).toBeUndefined();
    const answer = await json<LoginChallengeAnswer>(first.response);
    expect(answer.twoFactor).toBe('enrol');
    if (answer.twoFactor !== 'enrol') throw new Error('no enrolment');
    expect(answer.otpauthUri).toContain(answer.secret);

    // A recovery code cannot stand in for the set-up, nor a wrong code.
    expect((await verify(app, first.challenge, { recoveryCode: 'ABCDE-FGHJK' })).status).toBe(400);
    expect((await verify(app, first.challenge, { code: totpCode(answer.secret, clock.now() + 10 * 60_000) })).status).toBe(401);

    const done = await verify(app, first.challenge, { code: totpCode(answer.secret, clock.now()) });
    expect(done.status, await done.clone().text()).toBe(200);
    const verified = await json<VerifiedLogin>(done);
    expect(verified.recoveryCodes).toHaveLength(10);
    expect(sessionCookieOf(done)).toBeDefined();

    // From now on: the code step.
    clock.advance(30_000);
    const next = await passwordStep(app, person.email);
    expect(await json<LoginChallengeAnswer>(next.response)).toEqual({ twoFactor: 'code' });
    expect((await verify(app, next.challenge, { code: totpCode(answer.secret, clock.now()) })).status).toBe(200);

    // While required, it cannot be turned off by its owner.
    const owner = sessionCookieOf(await verify(app, (await passwordStep(app, person.email)).challenge, { recoveryCode: verified.recoveryCodes![0] }));
    expect((await staffRequest(app, '/api/auth/two-factor/disable', owner, { method: 'POST', body: { password: STAFF_PASSWORD } })).status).toBe(403);

    // The admin who turned it on sets it up at their next sign-in, like everyone.
    const adminNext = await passwordStep(app, admin.employee.email);
    expect((await json<LoginChallengeAnswer>(adminNext.response)).twoFactor).toBe('enrol');
  });
});

describe('POST /api/users/:id/reset-two-factor', () => {
  it('an admin resets an employee: audited, their sessions end, and they sign in with the password alone', async () => {
    const staff = shared;
    const { app } = staff;
    const account = await enrolled(staff);
    const admin = staff.staff('admin');

    // A plain employee may not.
    expect((await staffRequest(app, `/api/users/${account.employee.id}/reset-two-factor`, staff.staff('employee').cookie, { method: 'POST' })).status).toBe(403);

    const reset = await staffRequest(app, `/api/users/${account.employee.id}/reset-two-factor`, admin.cookie, { method: 'POST' });
    expect(reset.status, await reset.clone().text()).toBe(200);
    expect((await json<EmployeeRecord>(reset)).twoFactorEnabled).toBe(false);
    // Their session ended.
    expect((await staffRequest(app, '/api/auth/two-factor', account.cookie)).status).toBe(401);
    // The secret is gone.
    const { Item } = await staff.db.doc.send(new GetCommand({ TableName: staff.db.table, Key: keys.twoFactor(account.employee.id), ConsistentRead: true }));
    expect(Item).toBeUndefined();
    const entry = (await auditOf(staff, account.employee.id)).find((e) => e.action === 'reset_two_factor');
    expect(entry?.actor.id).toBe(admin.employee.id);

    expect((await passwordStep(app, account.employee.email)).session).toBeDefined();
    // Nothing to reset now.
    expect((await staffRequest(app, `/api/users/${account.employee.id}/reset-two-factor`, admin.cookie, { method: 'POST' })).status).toBe(409);
    expect((await staffRequest(app, '/api/users/no-such-id/reset-two-factor', admin.cookie, { method: 'POST' })).status).toBe(404);
  });

  it('deleting an employee deletes their two-factor secret too', async () => {
    const staff = shared;
    const account = await enrolled(staff);
    const deleted = await staffRequest(staff.app, `/api/users/${account.employee.id}`, staff.staff('superadmin').cookie, { method: 'DELETE' });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    const { Item } = await staff.db.doc.send(new GetCommand({ TableName: staff.db.table, Key: keys.twoFactor(account.employee.id), ConsistentRead: true }));
    expect(Item).toBeUndefined();
  });

  it('only a superadmin resets an admin; nobody resets their own here', async () => {
    const staff = shared;
    const { app } = staff;
    const otherAdmin = await enrolled(staff, 'admin');
    const admin = staff.staff('admin');
    expect((await staffRequest(app, `/api/users/${otherAdmin.employee.id}/reset-two-factor`, admin.cookie, { method: 'POST' })).status).toBe(403);
    expect((await staffRequest(app, `/api/users/${admin.employee.id}/reset-two-factor`, admin.cookie, { method: 'POST' })).status).toBe(403);
    const bySuperadmin = await staffRequest(app, `/api/users/${otherAdmin.employee.id}/reset-two-factor`, staff.staff('superadmin').cookie, { method: 'POST' });
    expect(bySuperadmin.status).toBe(200);
  });

  it('a wrong password at the first step is the same 401 for an account with two-factor sign-in', async () => {
    const { app } = shared;
    const account = await enrolled(shared);
    const { response, challenge } = await passwordStep(app, account.employee.email, 'wrong-password-1');
    expect(response.status).toBe(401);
    expect((await json<{ error: string }>(response)).error).toBe(LOGIN_FAILED);
    expect(challenge).toBeUndefined();
  });
});
