import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { addDays } from '@app/shared-types/quotations';
import { calendarDate } from '@app/shared-types/format';
import type { SettingsAnswer } from '@app/shared-types/settings';
import type { Transaction } from '@app/shared-types/finance';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamoEndpoint } from './dynamo-endpoint';
import { staticBackupKey } from '../src/backup/backup-key';
import { localBackupStorage } from '../src/backup/backup-storage';
import type { Db } from '../src/db/client';
import { keys } from '../src/db/keys';
import { handler, JOBS_TASKS, runJobsEvent, type JobsDeps, type JobsEvent } from '../src/handlers/jobs';
import { getBackupJob, SCHEDULE_ACTOR, startBackupJob, type JobRequest, type JobRunner } from '../src/jobs/backup';
import { createTestApp, json, postForm, signedInStaff, staffRequest, uniquePhone, validContact, type TestApp } from './helpers';

/**
 * The Jobs Lambda's dispatch (handlers/jobs.ts, runJobsEvent) on DynamoDB Local: each event
 * the rules and the admin function send reaches its job, seen by what the job
 * leaves in the table, and an unknown task runs nothing; S3, which cannot run here, is the
 * backup files' local storage behind the same BackupStorage interface. (jobs-handler.test.ts
 * runs the retention task through the Lambda entry itself.)
 */
let app: TestApp;
let db: Db;
let deps: JobsDeps;
let files: ReturnType<typeof localBackupStorage>;
let admin: string;
let manager: string;
/** Jobs the admin function asked for (its JobRunner), held here to be handed to the Jobs function. */
const held: JobRequest[] = [];

beforeAll(async () => {
  const runner: JobRunner = { start: async (request) => void held.push(request) };
  const made = await createTestApp({ jobs: runner });
  ({ app, db } = made);
  files = localBackupStorage(mkdtempSync(join(tmpdir(), 'jobs-handler-')));
  deps = { db, backups: { db, storage: files.storage, key: staticBackupKey(randomBytes(32)), tmpDir: mkdtempSync(join(tmpdir(), 'jobs-handler-tmp-')) } };
  admin = (await signedInStaff(app, db, 'admin')).cookie;
  manager = (await signedInStaff(app, db, 'manager')).cookie;
});

/** The event EventBridge's daily rule sends (a scheduled event: no task). */
const scheduledEvent: JobsEvent & Record<string, unknown> = {
  version: '0',
  id: 'c9a8b7e6-0000-4000-8000-000000000000',
  'detail-type': 'Scheduled Event',
  source: 'aws.events',
  account: '123456789012',
  time: new Date().toISOString(),
  region: 'ap-south-1',
  resources: ['arn:aws:events:ap-south-1:123456789012:rule/RecurringTransactionsSchedule'],
  detail: {},
};

describe('the Jobs function', () => {
  it("the admin function's { backupJob } runs that backup: the job succeeds and its file is stored", async () => {
    const job = await startBackupJob(db, { kind: 'backup', trigger: 'manual', actor: SCHEDULE_ACTOR, nowMs: Date.now() });
    if (job === 'busy') throw new Error('a backup job is already running');
    expect(await runJobsEvent(deps, { backupJob: { jobId: job.id } })).toEqual({ backupJob: job.id });
    expect(await getBackupJob(db, job.id)).toMatchObject({ kind: 'backup', status: 'succeeded' });
    expect(await files.storage.size(`backups/${job.id}.jsonl.gz`)).toBeGreaterThan(0);
  });

  it("the hourly rule's 'scheduled-backup' makes the backup that is due, in this invocation", async () => {
    // The schedule began over a day ago (daily by default); run a day later, when the backup above is a day old.
    await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...keys.backupSchedule(), entityType: 'BackupSchedule', startedAt: Date.now() - 26 * 3_600_000 } }));
    const later = Date.now() + 25 * 3_600_000;
    const result = await runJobsEvent({ ...deps, now: () => later }, { task: 'scheduled-backup' });
    expect(result).toEqual({ backupJob: expect.any(String) });
    const jobId = (result as { backupJob: string }).backupJob;
    expect(await getBackupJob(db, jobId)).toMatchObject({ kind: 'backup', trigger: 'scheduled', status: 'succeeded' });
    expect(await files.storage.size(`backups/${jobId}.jsonl.gz`)).toBeGreaterThan(0);
    // Checked again at once: nothing is due, nothing runs.
    expect(await runJobsEvent({ ...deps, now: () => later + 60_000 }, { task: 'scheduled-backup' })).toEqual({ backupJob: undefined });
  });

  it("'submission-retention' (started by a settings save) re-stamps the stored submissions", async () => {
    const contact = await postForm(app, '/api/contact', { ...validContact, phone: uniquePhone('7') });
    expect(contact.status, await contact.clone().text()).toBe(201);
    const current = await json<SettingsAnswer>(staffRequest(app, '/api/settings', admin));
    const { smtpPasswordSet: _set, ...email } = current.email;
    const saved = await staffRequest(app, '/api/settings', admin, { method: 'PUT', body: { ...current, email, system: { ...current.system, dataRetentionDays: 30 } } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    // The save asked for the job; the Jobs function gets the same request.
    expect(held).toEqual([{ task: 'submission-retention' }]);
    expect(await runJobsEvent(deps, held[0]!)).toEqual({ restamped: 1, complete: true });
    // Done: a second run finds nothing to write.
    expect(await runJobsEvent(deps, { task: 'submission-retention' })).toEqual({ restamped: 0, complete: true });
  });

  it("the daily rule's scheduled event (no task) runs the daily jobs: an overdue payment is noticed", async () => {
    const response = await staffRequest(app, '/api/transactions', manager, {
      method: 'POST',
      body: { type: 'income', category: 'design_fee', amount: 8_000, description: 'Second instalment', status: 'pending', transactionDate: addDays(calendarDate(Date.now()), -1), dueDate: addDays(calendarDate(Date.now()), -1) },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    await json<Transaction>(response);
    const result = await runJobsEvent(deps, scheduledEvent);
    expect(result).toEqual({ created: 0, expired: 0, restamped: 0, overdue: 1 });
    // Idempotent: the next day's run notices it no more.
    expect(await runJobsEvent(deps, scheduledEvent)).toMatchObject({ overdue: 0 });
  });

  it('an unknown task fails, naming it and the known ones, and runs nothing (not the daily jobs)', async () => {
    const response = await staffRequest(app, '/api/transactions', manager, {
      method: 'POST',
      body: { type: 'income', category: 'design_fee', amount: 9_000, description: 'Third instalment', status: 'pending', transactionDate: addDays(calendarDate(Date.now()), -1), dueDate: addDays(calendarDate(Date.now()), -1) },
    });
    expect(response.status).toBe(201);
    await expect(runJobsEvent(deps, { task: 'scheduled-backups' })).rejects.toThrow(
      `Unknown jobs task 'scheduled-backups' (known: ${JOBS_TASKS.join(', ')})`,
    );
    // The daily jobs did not run: the overdue payment is still unnoticed.
    expect(await runJobsEvent(deps, scheduledEvent)).toMatchObject({ overdue: 1 });
  });

  it('a backup event without backup storage (BACKUP_BUCKET unset) fails clearly', async () => {
    await expect(runJobsEvent({ db }, { task: 'scheduled-backup' })).rejects.toThrow('BACKUP_BUCKET is not set');
    await expect(runJobsEvent({ db }, { backupJob: { jobId: crypto.randomUUID() } })).rejects.toThrow('BACKUP_BUCKET is not set');
  });

  it('the Lambda entry point runs the same dispatch on the table TABLE_NAME names', async () => {
    const saved = { TABLE_NAME: process.env.TABLE_NAME, DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT, AWS_REGION: process.env.AWS_REGION, BACKUP_BUCKET: process.env.BACKUP_BUCKET };
    Object.assign(process.env, { TABLE_NAME: db.table, DYNAMODB_ENDPOINT: dynamoEndpoint(), AWS_REGION: 'local' });
    delete process.env.BACKUP_BUCKET;
    try {
      expect(await handler({ task: 'submission-retention' })).toEqual({ restamped: 0, complete: true });
      await expect(handler({ task: 'no-such-task' })).rejects.toThrow("Unknown jobs task 'no-such-task'");
      await expect(handler({ task: 'scheduled-backup' })).rejects.toThrow('BACKUP_BUCKET is not set');
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
