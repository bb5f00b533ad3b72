import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SettingsAnswer } from '@app/shared-types/settings';
import { staticBackupKey } from '../src/backup/backup-key';
import { localBackupStorage } from '../src/backup/backup-storage';
import { backupClasses } from '../src/kinds';
import type { Db } from '../src/db/client';
import type { JobRequest, JobRunner } from '../src/jobs/backup';
import { createTestApp, signedInStaff, TEST_IP_HEADER, TEST_ORIGIN, type TestApp } from './helpers';

/**
 * Issue 15's routes under attack: hostile bodies and ids, every role that must
 * be refused, and the database stopping at any point of a request. The answer
 * is always a clear 4xx or a 503, never a 500.
 */

type Role = 'employee' | 'manager' | 'admin' | 'superadmin';
const ROLES: Role[] = ['employee', 'manager', 'admin', 'superadmin'];

/** A Db that works until `failAfter` more calls have been made, then fails every call as a stopped DynamoDB Local does (connection refused). */
function stoppableDb(real: Db) {
  const control = { failAfter: Number.POSITIVE_INFINITY, calls: 0 };
  const send = real.doc.send.bind(real.doc) as (command: unknown) => Promise<unknown>;
  const db: Db = {
    table: real.table,
    doc: {
      send: (command: unknown) => {
        control.calls += 1;
        if (control.calls > control.failAfter) {
          return Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED', name: 'Error' }));
        }
        return send(command);
      },
    } as unknown as DynamoDBDocumentClient,
  };
  return { db, control };
}

let app: TestApp;
let cookies: Record<Role, string>;
let control: { failAfter: number; calls: number };
const held: JobRequest[] = [];

beforeAll(async () => {
  const base = await createTestApp();
  const stoppable = stoppableDb(base.db);
  control = stoppable.control;
  // Jobs are held, never run: this file is about the requests.
  const runner: JobRunner = { start: async (request) => void held.push(request) };
  const made = await createTestApp({ db: stoppable.db, backups: { storage: localBackupStorage(mkdtempSync(join(tmpdir(), 'attack-backups-'))).storage, key: staticBackupKey(randomBytes(32)), runner, classes: backupClasses } });
  app = made.app;
  const signed = await Promise.all(ROLES.map((role) => signedInStaff(app, stoppable.db, role)));
  cookies = Object.fromEntries(ROLES.map((role, i) => [role, signed[i]!.cookie])) as Record<Role, string>;
});

let ipCounter = 0;
/** A request as the portal sends it, from an address of its own (so no rate limit of another test is met). */
function send(path: string, cookie: string | undefined, method: string, body?: string) {
  const n = ++ipCounter;
  return app.request(path, {
    method,
    headers: {
      origin: TEST_ORIGIN,
      [TEST_IP_HEADER]: `198.18.${n >> 8}.${n & 255}`,
      ...(cookie ? { cookie } : {}),
      // JSON, or a scripted request without a body: what the CSRF guard lets through, so the route itself answers.
      ...(body !== undefined ? { 'content-type': 'application/json' } : { 'x-requested-with': 'fetch' }),
    },
    ...(body !== undefined ? { body } : {}),
  });
}

/** The JSON routes of issue 15 that take a body, with a valid-looking body each. */
const BODY_ROUTES: [string, string, Record<string, unknown>][] = [
  ['POST', '/api/settings/test-email', { to: 'someone@example.com' }],
  ['POST', `/api/settings/backups/${randomUUID()}/restore`, { confirm: 'RESTORE' }],
  ['POST', `/api/settings/backups/uploads/${randomUUID()}/restore`, { confirm: 'RESTORE' }],
  ['POST', '/api/auth/two-factor/confirm', { code: '123456' }],
  ['POST', '/api/auth/two-factor/disable', { password: 'not-the-password' }],
  ['POST', '/api/auth/two-factor/recovery-codes', { password: 'not-the-password' }],
  ['POST', '/api/settings/logo-uploads', { contentType: 'image/png', size: 100 }],
  ['POST', '/api/settings/logo', { uploadId: randomUUID(), contentType: 'image/png' }],
];

describe('hostile bodies on the signed-in routes (as the superadmin)', () => {
  const hostile = (valid: Record<string, unknown>): [string, string][] => [
    ['a prototype key', `{"__proto__": {"isAdmin": true}, ${JSON.stringify(valid).slice(1)}`],
    ['a constructor key', JSON.stringify({ ...valid, constructor: { prototype: { isAdmin: true } } })],
    ['control characters', JSON.stringify(Object.fromEntries(Object.keys(valid).map((key) => [key, 'a\u0000b\u0007c\u001b[2J'])))],
    ['a huge value', JSON.stringify(Object.fromEntries(Object.keys(valid).map((key) => [key, 'x'.repeat(200_000)])))],
    ['arrays for text', JSON.stringify(Object.fromEntries(Object.keys(valid).map((key) => [key, ['RESTORE']])))],
    ['numbers and nulls', JSON.stringify(Object.fromEntries(Object.keys(valid).map((key, i) => [key, i % 2 ? null : 1e308])))],
    ['a JSON array', '[1,2,3]'],
    ['broken JSON', '{"to": '],
  ];

  for (const [method, path, valid] of BODY_ROUTES) {
    it(`${method} ${path.replace(/[0-9a-f-]{36}/, ':id')}: a 4xx with a message, never a 500`, async () => {
      for (const [what, body] of hostile(valid)) {
        const response = await send(path, cookies.superadmin, method, body);
        // 409: the two-factor routes answer that it is not on for this account before looking at the proof.
        expect([400, 404, 409, 413], `${what}: ${response.status} ${await response.clone().text()}`).toContain(response.status);
        const answer = (await response.json()) as { error?: unknown };
        expect(typeof answer.error, what).toBe('string');
        expect(JSON.stringify(answer), what).not.toContain('isAdmin');
      }
    });
  }

  it('odd ids in paths answer 404 (or 400), never a 500', async () => {
    const ids = ['..%2F..%2Fetc%2Fpasswd', '%00', 'x'.repeat(5000), '__proto__', 'constructor', '%E2%80%AE'];
    for (const id of ids) {
      for (const [method, path] of [
        ['GET', `/api/settings/backup-jobs/${id}`],
        ['GET', `/api/settings/backups/${id}/download`],
        ['POST', `/api/settings/backups/${id}/restore`],
        ['POST', `/api/settings/backups/uploads/${id}/restore`],
        ['POST', `/api/notifications/${id}/read`],
        ['POST', `/api/notifications/outbox/${id}/retry`],
      ] as const) {
        const response = await send(path, cookies.superadmin, method, method === 'POST' ? '{"confirm":"RESTORE"}' : undefined);
        expect([400, 404, 414], `${method} ${path.slice(0, 80)}: ${response.status}`).toContain(response.status);
      }
    }
  });

  it('hostile query parameters of the lists answer 400 or the list, never a 500', async () => {
    for (const query of ['limit=-1', 'limit=1e9', 'limit=abc', 'cursor=%00%01', `cursor=${'A'.repeat(10_000)}`, 'status=__proto__', 'limit[]=1']) {
      for (const path of ['/api/notifications', '/api/notifications/outbox', '/api/settings/backups']) {
        const response = await send(`${path}?${query}`, cookies.superadmin, 'GET');
        expect([200, 400], `${path}?${query.slice(0, 40)}: ${response.status}`).toContain(response.status);
      }
    }
  });
});

describe('who is refused', () => {
  /** Each route, the roles allowed on it (the others get 403), and a body. */
  const ROUTES: [string, string, Role[], unknown?][] = [
    ['POST', '/api/settings/test-email', ['admin', 'superadmin'], {}],
    ['GET', '/api/notifications/outbox', ['admin', 'superadmin']],
    ['POST', `/api/notifications/outbox/${randomUUID()}/retry`, ['admin', 'superadmin']],
    ['POST', '/api/settings/backup', ['superadmin']],
    ['GET', '/api/settings/backups', ['superadmin']],
    ['GET', `/api/settings/backup-jobs/${randomUUID()}`, ['superadmin']],
    ['GET', `/api/settings/backups/${randomUUID()}/download`, ['superadmin']],
    ['POST', `/api/settings/backups/${randomUUID()}/restore`, ['superadmin'], { confirm: 'RESTORE' }],
    ['POST', '/api/settings/backups/upload', ['superadmin']],
    ['POST', `/api/settings/backups/uploads/${randomUUID()}/restore`, ['superadmin'], { confirm: 'RESTORE' }],
    ['POST', '/api/settings/logo-uploads', ['admin', 'superadmin'], { contentType: 'image/png', size: 100 }],
    ['GET', '/api/audit-log', ['admin', 'superadmin']],
    ['GET', '/api/notifications', ROLES],
    ['GET', '/api/auth/two-factor', ROLES],
  ];

  for (const [method, path, allowed, body] of ROUTES) {
    it(`${method} ${path.replace(/[0-9a-f-]{36}/, ':id')}: 401 without a session, 403 for ${ROLES.filter((role) => !allowed.includes(role)).join(', ') || 'nobody'}`, async () => {
      const json = body === undefined ? undefined : JSON.stringify(body);
      expect((await send(path, undefined, method, json)).status).toBe(401);
      for (const role of ROLES) {
        const response = await send(path, cookies[role], method, json);
        if (allowed.includes(role)) expect([200, 201, 202, 400, 404, 409, 503], `${role}: ${response.status}`).toContain(response.status);
        else expect(response.status, role).toBe(403);
      }
    });
  }
});

describe('the database stopping mid-request', () => {
  /** Each request, and who sends it. */
  const REQUESTS: [string, string, Role | null, unknown?][] = [
    ['POST', '/api/settings/test-email', 'admin', { to: 'someone@example.com' }],
    ['GET', '/api/notifications', 'employee'],
    ['POST', '/api/notifications/read-all', 'employee'],
    ['POST', `/api/notifications/${randomUUID()}/read`, 'employee'],
    ['GET', '/api/notifications/outbox', 'admin'],
    ['POST', `/api/notifications/outbox/${randomUUID()}/retry`, 'admin'],
    ['POST', '/api/settings/backup', 'superadmin'],
    ['GET', '/api/settings/backups', 'superadmin'],
    ['GET', `/api/settings/backup-jobs/${randomUUID()}`, 'superadmin'],
    ['POST', `/api/settings/backups/${randomUUID()}/restore`, 'superadmin', { confirm: 'RESTORE' }],
    ['GET', '/api/auth/two-factor', 'manager'],
    ['POST', '/api/auth/two-factor/start', 'manager'],
    ['POST', '/api/auth/two-factor/confirm', 'manager', { code: '123456' }],
    ['POST', '/api/auth/two-factor/disable', 'manager', { password: 'not-the-password' }],
    ['POST', '/api/auth/login/verify', null, { code: '123456' }],
    ['POST', '/api/auth/register', null, { name: 'Kavya Rao', email: 'kavya@example.com', phone: '98765 43210', department: 'Design', password: 'a-long-enough-pass' }],
    ['GET', '/api/auth/registration', null],
    // 'Forgot password?' (issue 25): a request for an unknown email, a made-up link, the password rule.
    ['POST', '/api/auth/password-reset', null, { email: 'kavya@example.com' }],
    ['POST', '/api/auth/password-reset/complete', null, { token: 'A'.repeat(43), newPassword: 'a-long-enough-pass' }],
    ['GET', '/api/auth/password-rules', null],
    ['GET', '/api/audit-log', 'admin'],
    ['GET', '/api/settings', 'admin'],
    ['POST', '/api/settings/logo-uploads', 'admin', { contentType: 'image/png', size: 100 }],
    ['POST', '/api/settings/logo', 'admin', { uploadId: randomUUID(), contentType: 'image/png' }],
  ];

  for (const [method, path, role, body] of REQUESTS) {
    it(`${method} ${path.replace(/[0-9a-f-]{36}/, ':id')}: stopped after any number of its database calls, a 503 (or the answer it gives without them), never a 500`, async () => {
      const json = body === undefined ? undefined : JSON.stringify(body);
      for (let failAfter = 0; failAfter < 40; failAfter++) {
        control.calls = 0;
        control.failAfter = failAfter;
        let response: Response;
        try {
          response = await send(path, role ? cookies[role] : undefined, method, json);
        } finally {
          control.failAfter = Number.POSITIVE_INFINITY;
        }
        const used = control.calls;
        expect(response.status, `stopped after ${failAfter} calls: ${await response.clone().text()}`).not.toBe(500);
        if (used > failAfter) {
          // The database was needed and gone: the request says so (503 with Retry-After), or answers what it could decide before.
          if (response.status === 503) expect(response.headers.get('retry-after'), `stopped after ${failAfter}`).toBeTruthy();
          expect(response.status, `stopped after ${failAfter} calls`).toBeGreaterThanOrEqual(400);
        } else {
          break; // The request needed no more calls than this: every point has been tried.
        }
      }
    });
  }

  it('PUT /api/settings: stopped after any number of its database calls, a 503 or a 4xx, never a 500', async () => {
    const current = (await (await send('/api/settings', cookies.admin, 'GET')).json()) as SettingsAnswer;
    const { smtpPasswordSet: _set, ...email } = current.email;
    const { version: _version, ...rest } = current;
    for (let failAfter = 0; failAfter < 40; failAfter++) {
      const { version } = (await (await send('/api/settings', cookies.admin, 'GET')).json()) as SettingsAnswer;
      const body = JSON.stringify({ ...rest, email, version, company: { ...current.company, companyName: `Renamed ${failAfter}` } });
      control.calls = 0;
      control.failAfter = failAfter;
      let response: Response;
      try {
        response = await send('/api/settings', cookies.admin, 'PUT', body);
      } finally {
        control.failAfter = Number.POSITIVE_INFINITY;
      }
      expect(response.status, `stopped after ${failAfter} calls: ${await response.clone().text()}`).not.toBe(500);
      if (control.calls <= failAfter) {
        expect(response.status).toBe(200);
        break;
      }
      expect(response.status, `stopped after ${failAfter} calls`).toBeGreaterThanOrEqual(400);
    }
  });
});
