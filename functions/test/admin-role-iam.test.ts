import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { RESTORE_CONFIRMATION, type BackupJob } from '@app/shared-types/backup';
import { staticBackupKey } from '../src/backup/backup-key';
import { localBackupStorage } from '../src/backup/backup-storage';
import { backupClasses } from '../src/kinds';
import type { Db } from '../src/db/client';
import { runJobsEvent } from '../src/handlers/jobs';
import { runJob } from '../src/jobs/backup';
import { localJobRunner } from '../src/jobs/job-runner';
import { createTestApp, customerInput, projectInput, signedInStaff, staffRequest, uniquePhone, type TestApp } from './helpers';
import { iamRequestsOf } from './iam/policy';
import { callSummary, refusedCalls, rolePolicy, type RecordedCall } from './iam/recorder';
import type { callRecorder } from './iam/recorder';

/**
 * The IAM replay of the admin and Jobs functions, representative: each admin
 * module's list, create, update and delete (and the reads beside them), run as
 * staff use them, and a backup and a restore, the daily jobs, the stored
 * submissions' expiry and the data upgrades in the Jobs function. Every call is
 * checked against the roles as synthesized (infra/admin-role-policy.json,
 * jobs-role-policy.json): the admin role has item access to the whole table but
 * neither Scan nor BatchWriteItem, which only the backup and restore use. (Every
 * other API test is a replay too: test/setup.ts checks each file's requests.)
 */

let app: TestApp;
let db: Db;
let calls: RecordedCall[];
let served: ReturnType<typeof callRecorder>['served'];
let runAs: ReturnType<typeof callRecorder>['runAs'];
let superadmin: string;
let jobs: ReturnType<typeof localJobRunner>;
let storage: ReturnType<typeof localBackupStorage>['storage'];
let key: ReturnType<typeof staticBackupKey>;

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'iam-backups-'));
  ({ storage } = localBackupStorage(root));
  const holder: { db?: Db } = {};
  key = staticBackupKey(randomBytes(32));
  jobs = localJobRunner((request) => runJob({ db: holder.db!, storage, key, tmpDir: join(root, 'tmp'), runner: jobs }, request));
  const made = await createTestApp({ backups: { storage, key, runner: jobs, classes: backupClasses }, jobs });
  ({ app, db } = made);
  holder.db = db;
  ({ calls, served, runAs } = made.replay);
  ({ cookie: superadmin } = await signedInStaff(app, db, 'superadmin'));
});

/** A staff request that must succeed: its JSON answer (or nothing). */
async function ok<T = Record<string, unknown>>(path: string, method = 'GET', body?: unknown): Promise<T> {
  const response = await staffRequest(app, path, superadmin, { method, ...(body !== undefined ? { body } : {}) });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text.slice(0, 300)}`).toBeLessThan(300);
  return (text ? JSON.parse(text) : undefined) as T;
}

type Made = { id: string; version: number };

/** A module's list, create, read, update (the same fields, `change` over them) and delete. */
async function crud(base: string, input: Record<string, unknown>, change: Record<string, unknown>, paths: { list?: string; get?: (id: string) => string } = {}) {
  const made = await ok<Made>(base, 'POST', input);
  await ok(paths.list ?? base);
  const read = await ok<Made>(paths.get?.(made.id) ?? `${base}/${made.id}`);
  await ok(`${base}/${made.id}`, 'PUT', { ...input, ...change, version: read.version ?? made.version });
  await ok(`${base}/${made.id}`, 'DELETE');
}

describe('the admin function as staff use it', () => {
  it('lists, creates, updates and deletes in every module', async () => {
    await crud('/api/customers', { ...customerInput, phone: uniquePhone() }, { city: 'Secunderabad' });
    await crud('/api/vendors', { name: 'Replay Vendor', category: 'civil', phone: uniquePhone() }, { name: 'Replay Vendor Two' }, { get: () => '/api/vendors' });
    await crud('/api/leads', { name: 'Anita Rao', phone: uniquePhone('8'), source: 'Website', projectType: '3BHK' }, { name: 'Anita R.' });
    const department = await ok<Made>('/api/departments', 'POST', { name: `Quality ${crypto.randomUUID().slice(0, 8)}` });
    await crud('/api/job-roles', { name: `Site lead ${crypto.randomUUID().slice(0, 8)}`, departmentId: department.id, responsibilities: 'Site visits' }, { responsibilities: 'Audits' }, { get: () => '/api/job-roles' });
    await ok('/api/departments');
    await ok(`/api/departments/${department.id}`, 'PUT', { name: `Quality ${crypto.randomUUID().slice(0, 8)}`, version: department.version });
    await ok(`/api/departments/${department.id}`, 'DELETE');
    const customer = await ok<Made>('/api/customers', 'POST', { ...customerInput, phone: uniquePhone() });
    await crud('/api/projects', { ...projectInput(customer.id), name: `Replay ${crypto.randomUUID().slice(0, 8)}` }, { location: 'Kokapet' }, {
      list: '/api/projects/manage',
      get: (id) => `/api/projects/manage/${id}`,
    });
    await crud('/api/blog-posts', { title: `Replay ${crypto.randomUUID()}`, content: 'Body' }, { content: 'Body, edited' }, {
      list: '/api/blog-posts/manage',
      get: (id) => `/api/blog-posts/manage/${id}`,
    });
    await crud('/api/transactions', { type: 'income', category: 'design_fee', amount: 1000, description: 'Design fee' }, { amount: 1200 });
    const quote = { clientDetails: { name: 'Meera Nair', phone: uniquePhone('9'), projectType: '3BHK' }, rows: [{ usageArea: 'Kitchen', item: 'Base cabinets', unit: 'QTY', quantity: 2, unitPrice: 18_500 }], confirmLowMargin: true };
    await crud('/api/quotations', quote, { title: 'Nair residence' });
    const email = `replay-${crypto.randomUUID()}@kaveri-studio.in`;
    const user = await ok<Made>('/api/users', 'POST', { name: 'Kavya Reddy', email, password: 'Welcome-2026', phone: '+91 98480 22334', department: 'Design', position: 'Designer' });
    await ok('/api/users');
    const record = await ok<Record<string, unknown> & Made>(`/api/users/${user.id}`);
    await ok(`/api/users/${user.id}`, 'PUT', { ...record, position: 'Senior Designer' });
    await ok(`/api/users/${user.id}`, 'DELETE');
  });

  it("reads the dashboard, finance, the audit log, attendance, notifications, the rate library and Settings, and saves Settings", async () => {
    for (const path of [
      '/api/dashboard/comprehensive-stats',
      '/api/finance/summary',
      '/api/finance/reports',
      '/api/finance/projects',
      '/api/finance/vendors',
      '/api/audit-log',
      '/api/users/stats',
      '/api/leads/analytics',
      '/api/quotations/responses',
      '/api/rate-library',
      '/api/quotation/usage-areas',
      '/api/notifications',
      '/api/notifications/outbox',
      '/api/attendance/today',
      '/api/attendance/report?month=2026-11',
      '/api/attendance/holidays?year=2026',
      '/api/blog-posts/manage/stats',
    ]) {
      await ok(path);
    }
    await ok('/api/attendance/check-in', 'POST', {});
    // Right after the check-in: confirmed (issue 25).
    await ok('/api/attendance/check-out?confirm=true', 'POST', {});
    await ok('/api/attendance/holidays', 'POST', { date: '2026-11-09', name: 'Diwali' });
    await ok('/api/attendance/holidays/2026-11-09', 'PUT', { name: 'Deepavali', version: 1 });
    await ok('/api/attendance/holidays/2026-11-09?version=2', 'DELETE');
    await ok('/api/notifications/read-all', 'POST');
    const settings = await ok<Record<string, Record<string, unknown>> & { version: number }>('/api/settings');
    const { smtpPasswordSet: _set, ...email } = settings.email!;
    await ok('/api/settings', 'PUT', { ...settings, email, company: { ...settings.company, companyPhone: '+91 40 1234 5678' } });
  });
});

describe('the Jobs function as it runs', () => {
  it('makes a backup and restores it, runs the daily jobs, the submissions expiry and the data upgrades', async () => {
    const started = await ok<{ job: BackupJob }>('/api/settings/backup', 'POST');
    await jobs.idle();
    expect((await ok<BackupJob>(`/api/settings/backup-jobs/${started.job.id}`)).status).toBe('succeeded');
    const restore = await ok<{ job: BackupJob }>(`/api/settings/backups/${started.job.id}/restore`, 'POST', { confirm: RESTORE_CONFIRMATION });
    await jobs.idle();
    expect((await ok<BackupJob>(`/api/settings/backup-jobs/${restore.job.id}`)).status).toBe('succeeded');
    const deps = { db, backups: { db, storage, key } };
    await runAs('jobs', 'daily', () => runJobsEvent(deps));
    await runAs('jobs', 'submission-retention', () => runJobsEvent(deps, { task: 'submission-retention' }));
    await runAs('jobs', 'scheduled-backup', () => runJobsEvent(deps, { task: 'scheduled-backup' }));
    await runAs('jobs', 'data-upgrade', () => runJobsEvent(deps, { task: 'data-upgrade' }));
  });
});

describe('the admin and Jobs function roles', () => {
  it('allow every DynamoDB call those requests and jobs made; only the backup and restore Scan and BatchWriteItem', () => {
    const actions = (fn: 'admin' | 'jobs') => new Set(calls.filter((call) => call.fn === fn).flatMap((call) => call.requests.map((request) => request.action)));
    for (const fn of ['admin', 'jobs'] as const) {
      const refused = refusedCalls(calls, fn);
      console.log(
        `IAM replay: ${calls.filter((call) => call.fn === fn).length} DynamoDB calls of the ${fn} function (${fn === 'admin' ? `${served.get('admin')?.size} routes` : 'its jobs'}) ` +
          `checked against its role: ${callSummary(calls, fn)}; ${refused.length} refused`,
      );
      expect(refused, `DynamoDB calls the ${fn} function role would refuse in AWS`).toEqual([]);
    }
    expect(served.get('admin')?.size).toBeGreaterThan(60);
    // The Jobs role's Scan and BatchWriteItem are used, and by it alone.
    expect([...actions('jobs')]).toEqual(expect.arrayContaining(['dynamodb:Scan', 'dynamodb:BatchWriteItem']));
    expect([...actions('admin')].filter((action) => action === 'dynamodb:Scan' || action === 'dynamodb:BatchWriteItem')).toEqual([]);
  });

  it('refuse the admin function a Scan or a BatchWriteItem, which the Jobs role allows', () => {
    const scan = { fn: 'admin' as const, route: 'GET /api/leads', command: 'ScanCommand', requests: iamRequestsOf('ScanCommand', { TableName: db.table }, db.table) };
    const batch = {
      fn: 'admin' as const,
      route: 'POST /api/leads/bulk-import',
      command: 'BatchWriteItemCommand',
      requests: iamRequestsOf('BatchWriteItemCommand', { RequestItems: { [db.table]: [{ PutRequest: { Item: { pk: { S: 'LEAD#1' }, sk: { S: 'LEAD' } } } }] } }, db.table),
    };
    expect(refusedCalls([scan, batch], 'admin')).toHaveLength(2);
    expect(refusedCalls([scan, batch].map((call) => ({ ...call, fn: 'jobs' as const })), 'jobs', rolePolicy('jobs'))).toEqual([]);
  });
});
