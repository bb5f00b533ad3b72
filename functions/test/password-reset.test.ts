import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@app/shared-types/api';
import type { AuditEntry } from '@app/shared-types/audit';
import { PASSWORD_MESSAGES, type PasswordRules } from '@app/shared-types/auth';
import type { LoginChallengeAnswer, RecoveryCodesAnswer, TwoFactorEnrolment } from '@app/shared-types/two-factor';
import { LOGIN_IP_LIMIT } from '../src/auth/auth-routes';
import { RESET_REQUEST_MIN_MS } from '../src/auth/password-reset-routes';
import { totpCode } from '../src/auth/totp';
import type { Db } from '../src/db/client';
import { keys } from '../src/db/keys';
import { runOutboxSender } from '../src/jobs/outbox';
import { json, login, newVisitorIp, signedInStaff, staffRequest, STAFF_PASSWORD, TEST_IP_HEADER, TEST_ORIGIN, type TestApp } from './helpers';
import { mailingTestApp, saveSmtpSettings } from './mailing-app';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from './smtp';
import { TASK_RUNNERS } from '../src/jobs/tasks';

/**
 * 'Forgot password?' and 'Change password' (issue 25): the link goes out through the outbox to a
 * real SMTP server (smtp-server on 127.0.0.1), is read from the mail as a person would, and used.
 */

const COMPANY_EMAIL = 'office@kaveri-studio.in';
const NEW_PASSWORD = 'Brand-new-Pa55word';

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.stop();
});

/** A fresh app whose SMTP settings point at the test server, with an admin signed in. */
async function setUp() {
  const { app, db, clock, crypto, mailer } = await mailingTestApp();
  const admin = await signedInStaff(app, db, 'admin');
  // Staff email notifications off: a reset link is mailed whatever the notification switches say.
  await saveSmtpSettings(app, admin.cookie, smtp, { companyName: 'Kaveri Design Studio', companyEmail: COMPANY_EMAIL, companyWebsite: 'https://kaveri.example' });
  return {
    app,
    db,
    clock,
    admin,
    /** One run of the outbox sender (as the admin function's tick does), with the host's field crypto. */
    send: () => runOutboxSender(db, clock.now(), { tasks: TASK_RUNNERS, mailer, fieldCrypto: crypto }),
  };
}

const post = (app: TestApp, path: string, body: unknown, ip = newVisitorIp()) =>
  app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, [TEST_IP_HEADER]: ip }, body: JSON.stringify(body) });

const requestReset = (app: TestApp, email: string, ip?: string) => post(app, '/api/auth/password-reset', { email }, ip);
const completeReset = (app: TestApp, token: string, newPassword = NEW_PASSWORD) => post(app, '/api/auth/password-reset/complete', { token, newPassword });

/** The plain-text part of a mail as sent (quoted-printable undone). */
function plainText(mail: ReceivedMail): string {
  const part = mail.raw.split(/Content-Type: text\/plain[^\n]*\n/i)[1]?.split(/\r?\n--/)[0] ?? '';
  const body = part.split(/\r?\n\r?\n/).slice(1).join('\n\n');
  return /quoted-printable/i.test(part)
    ? body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : body;
}

/** The reset link of the newest mail to `email`, and its token. */
function linkMailedTo(email: string) {
  const mails = smtp.received.filter((mail) => mail.to.includes(email));
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  const link = /https:\/\/kaveri\.example\/admin\/reset-password#token=([A-Za-z0-9_-]{43})/.exec(plainText(mail));
  if (!link) throw new Error(`no reset link in: ${plainText(mail)}`);
  return { mail, mails, link: link[0], token: link[1]! };
}

const signedOut = async (app: TestApp, cookie: string) => (await json<{ user: unknown }>(staffRequest(app, '/api/auth/me', cookie))).user === null;

const deactivate = (db: Db, id: string, status: string) =>
  db.doc.send(
    new UpdateCommand({ TableName: db.table, Key: keys.employee(id), UpdateExpression: 'SET #status = :status', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':status': status } }),
  );

describe("'Forgot password?': a single-use link by email", () => {
  it('mails the account alone a link that sets a new password once: every session ends, the change is audited, the old password stops working', async () => {
    const t = await setUp();
    const { employee, cookie } = await signedInStaff(t.app, t.db, 'employee');
    const otherBrowser = (await login(t.app, employee.email, STAFF_PASSWORD)).cookie!;

    const asked = await requestReset(t.app, employee.email.toUpperCase());
    expect(asked.status).toBe(202);
    expect(await asked.json()).toEqual({ message: PASSWORD_MESSAGES.resetRequested });
    expect(await t.send()).toMatchObject({ claimed: 1, sent: 1 });

    const { mail, mails, link, token } = linkMailedTo(employee.email);
    expect(mails).toHaveLength(1);
    // To the account's own address: not the company's, nobody else's.
    expect(mail.to).toEqual([employee.email]);
    expect(mail.subject).toBe('Kaveri Design Studio: Reset your password');
    expect(plainText(mail)).toContain('within 30 minutes');
    // Nothing in the table holds the token in clear: not the link's item (its hash is the key), not the outbox.
    const { Items } = await t.db.doc.send(new (await import('@aws-sdk/lib-dynamodb')).ScanCommand({ TableName: t.db.table }));
    expect(JSON.stringify(Items)).not.toContain(token);
    expect(link).toMatch(/^https:\/\/kaveri\.example\/admin\/reset-password#token=/);

    const done = await completeReset(t.app, token);
    expect(done.status, await done.clone().text()).toBe(200);
    expect(await done.json()).toEqual({ message: PASSWORD_MESSAGES.resetDone });
    // Nobody is signed in by the reset, and every session the account had has ended.
    expect(done.headers.getSetCookie().some((line) => line.startsWith('session='))).toBe(false);
    expect(await signedOut(t.app, cookie)).toBe(true);
    expect(await signedOut(t.app, otherBrowser)).toBe(true);
    expect((await login(t.app, employee.email, STAFF_PASSWORD)).response.status).toBe(401);
    expect((await login(t.app, employee.email, NEW_PASSWORD)).response.status).toBe(200);

    // Once only.
    const again = await completeReset(t.app, token, 'Another-new-Pa55word');
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: PASSWORD_MESSAGES.invalidLink });
    expect((await login(t.app, employee.email, NEW_PASSWORD)).response.status).toBe(200);

    const audit = await json<Page<AuditEntry>>(staffRequest(t.app, `/api/audit-log?entityId=${employee.id}`, t.admin.cookie));
    const entry = audit.items.find((item) => item.action === 'reset_password');
    expect(entry).toMatchObject({ entity: 'Employee', entityId: employee.id, actor: { id: employee.id, email: employee.email } });
    expect(Object.keys(entry!.changes)).toContain('passwordChangedAt');
    expect(JSON.stringify(entry)).not.toContain(NEW_PASSWORD);
  });

  it('refuses an expired link, a made-up one, one a newer reset voided, and a password under the Settings minimum', async () => {
    const t = await setUp();
    const { employee } = await signedInStaff(t.app, t.db, 'employee');
    await requestReset(t.app, employee.email);
    await t.send();
    const late = linkMailedTo(employee.email).token;
    t.clock.advance(30 * 60_000 + 1_000);
    const expired = await completeReset(t.app, late);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({ error: PASSWORD_MESSAGES.invalidLink });
    expect((await completeReset(t.app, 'A'.repeat(43))).status).toBe(400);
    expect((await completeReset(t.app, 'not a token')).status).toBe(400);

    // Two links: the newer one is used, the older one is void with it.
    await requestReset(t.app, employee.email);
    await t.send();
    const first = linkMailedTo(employee.email).token;
    await requestReset(t.app, employee.email);
    await t.send();
    const second = linkMailedTo(employee.email).token;
    expect(second).not.toBe(first);
    const short = await completeReset(t.app, second, 'Short1');
    expect(short.status).toBe(400);
    // Settings > Security > passwordMinLength: 8 by default (SPEC.md 9).
    expect(await short.json()).toEqual({ error: 'Validation failed', fields: { newPassword: 'New password must be at least 8 characters' } });
    expect((await completeReset(t.app, second)).status).toBe(200);
    const stale = await completeReset(t.app, first, 'Yet-another-Pa55word');
    expect(stale.status).toBe(400);
    expect((await login(t.app, employee.email, NEW_PASSWORD)).response.status).toBe(200);
  });

  it('answers an unknown email and an account that cannot sign in exactly as an account, no sooner, and mails neither', async () => {
    const t = await setUp();
    const { employee } = await signedInStaff(t.app, t.db, 'employee');
    const { employee: leaver } = await signedInStaff(t.app, t.db, 'employee');
    await deactivate(t.db, leaver.id, 'terminated');
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await requestReset(t.app, email);
      return { status: response.status, body: await response.text(), ms: performance.now() - started };
    };
    const known = await timed(employee.email);
    const unknown = await timed(`nobody-${crypto.randomUUID()}@kaveri-studio.in`);
    const terminated = await timed(leaver.email);
    for (const answer of [unknown, terminated]) {
      expect(answer.status).toBe(known.status);
      expect(answer.body).toBe(known.body);
    }
    // The answer waits for a floor that covers the link's own transaction: no answer comes sooner.
    for (const answer of [known, unknown, terminated]) expect(answer.ms).toBeGreaterThanOrEqual(RESET_REQUEST_MIN_MS - 5);
    await t.send();
    expect(smtp.received.filter((mail) => mail.to.includes(leaver.email))).toHaveLength(0);
    expect(smtp.received.filter((mail) => mail.to.includes(employee.email))).toHaveLength(1);
  });

  it('refuses a link once its account is terminated, and keeps two-factor sign-in after a reset', async () => {
    const t = await setUp();
    const leaver = await signedInStaff(t.app, t.db, 'employee');
    await requestReset(t.app, leaver.employee.email);
    await t.send();
    const token = linkMailedTo(leaver.employee.email).token;
    await deactivate(t.db, leaver.employee.id, 'terminated');
    expect((await completeReset(t.app, token)).status).toBe(400);

    // Two-factor sign-in on: the reset sets the password, and the next sign-in still asks for a code.
    const secured = await signedInStaff(t.app, t.db, 'employee');
    const { secret } = await json<TwoFactorEnrolment>(staffRequest(t.app, '/api/auth/two-factor/start', secured.cookie, { method: 'POST' }));
    const confirmed = await staffRequest(t.app, '/api/auth/two-factor/confirm', secured.cookie, { method: 'POST', body: { code: totpCode(secret, t.clock.now()) } });
    expect((await json<RecoveryCodesAnswer>(confirmed)).recoveryCodes.length).toBeGreaterThan(0);
    await requestReset(t.app, secured.employee.email);
    await t.send();
    expect((await completeReset(t.app, linkMailedTo(secured.employee.email).token)).status).toBe(200);
    const signIn = await login(t.app, secured.employee.email, NEW_PASSWORD);
    expect(signIn.response.status).toBe(200);
    expect(signIn.cookie).toBeUndefined();
    expect(await json<LoginChallengeAnswer>(signIn.response)).toEqual({ twoFactor: 'code' });
  });

  it("counts requests as sign-in attempts: the account's lockout (an unknown email's alike) and the per-IP window", async () => {
    const t = await setUp();
    const { employee } = await signedInStaff(t.app, t.db, 'employee');
    const nobody = `nobody-${crypto.randomUUID()}@kaveri-studio.in`;
    // Settings maxLoginAttempts: 5 by default.
    for (const email of [employee.email, nobody]) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await requestReset(t.app, email)).status);
      expect(statuses, email).toEqual([202, 202, 202, 202, 202, 429]);
    }
    // The same counter as the sign-in's: the account is locked there too.
    expect((await login(t.app, employee.email, STAFF_PASSWORD)).response.status).toBe(429);
    await t.send();
    expect(smtp.received.filter((mail) => mail.to.includes(employee.email))).toHaveLength(5);

    // A reset by one of the links ends the lockout: the new password signs in at once.
    expect((await completeReset(t.app, linkMailedTo(employee.email).token)).status).toBe(200);
    expect((await login(t.app, employee.email, NEW_PASSWORD)).response.status).toBe(200);

    // One address's sign-in attempts and reset requests share its window.
    const ip = newVisitorIp();
    for (let i = 0; i < LOGIN_IP_LIMIT.limit; i++) await login(t.app, `nobody-${i}-${crypto.randomUUID()}@kaveri-studio.in`, 'wrong-password', ip);
    const limited = await requestReset(t.app, `someone-${crypto.randomUUID()}@kaveri-studio.in`, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('tells the screens the password rule of Settings > Security', async () => {
    const t = await setUp();
    expect(await json<PasswordRules>(t.app.request('/api/auth/password-rules'))).toEqual({ passwordMinLength: 8 });
  });
});

describe("'Change password': audited as the person's own change", () => {
  it('records who changed it, and ends the other sessions', async () => {
    const t = await setUp();
    const { employee, cookie } = await signedInStaff(t.app, t.db, 'employee');
    const otherBrowser = (await login(t.app, employee.email, STAFF_PASSWORD)).cookie!;
    t.clock.advance(1_000);
    const changed = await staffRequest(t.app, '/api/auth/change-password', cookie, { method: 'POST', body: { currentPassword: STAFF_PASSWORD, newPassword: NEW_PASSWORD } });
    expect(changed.status).toBe(200);
    expect(await signedOut(t.app, otherBrowser)).toBe(true);
    const audit = await json<Page<AuditEntry>>(staffRequest(t.app, `/api/audit-log?entityId=${employee.id}`, t.admin.cookie));
    const entry = audit.items.find((item) => 'passwordChangedAt' in item.changes);
    expect(entry?.actor).toMatchObject({ id: employee.id, email: employee.email });
  });
});
