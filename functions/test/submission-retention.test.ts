import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SettingsAnswer } from '@app/shared-types/settings';
import { staticBackupKey } from '../src/backup/backup-key';
import { localBackupStorage } from '../src/backup/backup-storage';
import type { Db } from '../src/db/client';
import { keys } from '../src/db/keys';
import { getRetentionSetting } from '../src/settings/settings-repo';
import { restampSubmissionExpiry, SUBMISSION_PARTITIONS } from '../src/leads/submission-repo';
import { TABLE_DEFINITION } from '../src/db/table-definition';
import { runJob, type JobRequest, type JobRunner } from '../src/jobs/backup';
import { runDailyJobs } from '../src/jobs/daily';
import { localJobRunner } from '../src/jobs/job-runner';
import { applySubmissionRetention } from '../src/jobs/submission-retention';
import { createTestApp, json, postForm, signedInStaff, staffRequest, uniquePhone, validContact, validEstimate, type TestApp } from './helpers';

/**
 * Settings > dataRetentionDays: raw website submissions and spam carry the
 * table's TTL attribute = createdAt + the retention, stamped at write and
 * re-stamped when the setting changes. DynamoDB Local does not delete by TTL,
 * so these tests read the stamped values.
 */

const TTL = TABLE_DEFINITION.timeToLiveAttribute;
const DAY = 24 * 60 * 60;

let app: TestApp;
let db: Db;
let admin: string;

/**
 * The host's job runner (Deps.jobs): the local one (runs the job in this
 * process), unless a test holds the jobs (recorded, run when it says) or
 * makes starting fail (as an invoke the Jobs function refuses).
 */
const jobs = { mode: 'run' as 'run' | 'hold' | 'fail', held: [] as JobRequest[] };
let local: ReturnType<typeof localJobRunner>;

beforeAll(async () => {
  const holder: { db?: Db } = {};
  const files = localBackupStorage(mkdtempSync(join(tmpdir(), 'retention-')));
  local = localJobRunner((request) => runJob({ db: holder.db!, storage: files.storage, key: staticBackupKey(randomBytes(32)) }, request));
  const runner: JobRunner = {
    async start(request) {
      if (jobs.mode === 'fail') throw new Error('The Jobs function did not accept the job (status 500)');
      if (jobs.mode === 'hold') jobs.held.push(request);
      else await local.start(request);
    },
  };
  const made = await createTestApp({ jobs: runner });
  ({ app, db } = made);
  holder.db = db;
  admin = (await signedInStaff(app, db, 'admin')).cookie;
});

/** Runs the jobs held so far, as the host would have. */
async function runHeld() {
  for (const request of jobs.held.splice(0)) await runJob({ db, storage: localBackupStorage(mkdtempSync(join(tmpdir(), 'retention-'))).storage, key: staticBackupKey(randomBytes(32)) }, request);
}

type Stored = Record<string, unknown> & { pk: string; sk: string; createdAt: string };

/** Every stored submission (kept and spam, estimates and contacts), read from their lists. */
async function submissions(): Promise<Stored[]> {
  const all: Stored[] = [];
  for (const partition of SUBMISSION_PARTITIONS) {
    const { Items = [] } = await db.doc.send(
      new QueryCommand({ TableName: db.table, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': partition } }),
    );
    const keysOnly = Items as { pk: string; sk: string }[];
    for (const key of keysOnly) {
      const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: { pk: key.pk, sk: key.sk } }));
      all.push(Item as Stored);
    }
  }
  return all;
}

const expiryOf = (item: Stored, days: number) => Math.floor(Date.parse(item.createdAt) / 1000) + days * DAY;

async function saveSystem(change: Partial<SettingsAnswer['system']>) {
  const current = await json<SettingsAnswer>(staffRequest(app, '/api/settings', admin));
  const { smtpPasswordSet: _set, ...email } = current.email;
  const response = await staffRequest(app, '/api/settings', admin, {
    method: 'PUT',
    body: { ...current, email, system: { ...current.system, ...change } },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return json<{ settings: SettingsAnswer }>(response);
}

const setRetention = (days: number) => saveSystem({ dataRetentionDays: days });

/** Every stored submission carries the expiry of `days`. */
async function expectExpiry(days: number) {
  const stored = await submissions();
  expect(stored.length).toBeGreaterThanOrEqual(4);
  for (const item of stored) expect(item[TTL], item.pk).toBe(expiryOf(item, days));
}

/** Two real submissions (each with its lead) and two spam ones. */
async function submitSome() {
  const estimate = await postForm(app, '/api/calculator', { ...validEstimate, phone: uniquePhone() });
  const contact = await postForm(app, '/api/contact', { ...validContact, phone: uniquePhone() });
  const spamEstimate = await postForm(app, '/api/calculator', { ...validEstimate, phone: uniquePhone(), website: 'http://spam.example' });
  const spamContact = await postForm(app, '/api/contact', { ...validContact, phone: uniquePhone(), website: 'x' });
  for (const response of [estimate, contact, spamEstimate, spamContact]) expect(response.status).toBe(201);
  return { estimate: await json<{ id: string }>(estimate), contact: await json<{ id: string }>(contact) };
}

describe('dataRetentionDays: the TTL of raw submissions', () => {
  it('stamps each submission and spam with createdAt + the retention when it is written; its lead never expires', async () => {
    const { estimate, contact } = await submitSome();
    const stored = await submissions();
    expect(stored).toHaveLength(4);
    expect(stored.filter((item) => item.spam === true)).toHaveLength(2);
    // The default retention (SPEC.md 9: 365 days).
    for (const item of stored) expect(item[TTL], item.pk).toBe(expiryOf(item, 365));

    // The leads the real ones created are business records: no TTL attribute.
    for (const id of [estimate.id, contact.id]) {
      const submission = stored.find((item) => item.id === id)!;
      expect(submission.leadId).toEqual(expect.any(String));
      const { Item: lead } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.lead(String(submission.leadId)) }));
      expect(lead?.id).toBe(submission.leadId);
      expect(lead).not.toHaveProperty(TTL);
    }
  });

  it('a save that changes the retention answers before any stored submission is re-stamped, and starts the job that does it', async () => {
    jobs.mode = 'hold';
    const saved = await setRetention(30);
    expect(saved.settings.system.dataRetentionDays).toBe(30);
    // The request only started the job: every stored submission still has the old expiry.
    expect(jobs.held).toEqual([{ task: 'submission-retention' }]);
    await expectExpiry(365);
    // A submission arriving now gets the new retention at once.
    await submitSome();
    const fresh = (await submissions()).filter((item) => item[TTL] === expiryOf(item, 30));
    expect(fresh).toHaveLength(4);

    // The job, run as the host runs it, re-stamps the rest.
    const before = await submissions();
    await runHeld();
    await expectExpiry(30);
    // Run again (a retried invoke, the daily job): nothing left to write.
    const again = await applySubmissionRetention(db);
    expect(again).toEqual({ examined: before.length, updated: 0, complete: true, retentionDays: 30 });
    jobs.mode = 'run';
  });

  it('a save that leaves the retention alone starts no job', async () => {
    jobs.mode = 'hold';
    await saveSystem({ logLevel: 'warn' });
    await saveSystem({ logLevel: 'info' });
    expect(jobs.held).toEqual([]);
    jobs.mode = 'run';
  });

  it('locally the job runs in this process after the save has answered', async () => {
    await setRetention(2555);
    await local.idle();
    await expectExpiry(2555);
  });

  it('a job that cannot be started fails nothing: the save is kept, and the daily job applies it', async () => {
    jobs.mode = 'fail';
    await setRetention(60);
    jobs.mode = 'run';
    expect((await getRetentionSetting(db)).days).toBe(60);
    await expectExpiry(2555);
    const stored = await submissions();
    expect((await runDailyJobs(db, Date.now())).restamped).toBe(stored.length);
    await expectExpiry(60);
  });

  it('a second change while the job of the first runs ends with the newest value on every submission', async () => {
    jobs.mode = 'hold';
    await setRetention(45);
    expect(jobs.held).toEqual([{ task: 'submission-retention' }]);
    jobs.held.length = 0;
    const stored = await submissions();
    // The 45-day job has read its first page and is about to write its first item when the 90-day save
    // lands and the 90-day job runs to its end; only then does the 45-day job's write go.
    let first = true;
    let newer: Awaited<ReturnType<typeof applySubmissionRetention>> | undefined;
    const interleaved: Db = {
      table: db.table,
      doc: {
        send: async (command: unknown) => {
          if (first && command instanceof UpdateCommand) {
            first = false;
            await setRetention(90);
            newer = await applySubmissionRetention(db);
          }
          return db.doc.send(command as never);
        },
      } as unknown as Db['doc'],
    };
    const older = await applySubmissionRetention(interleaved, { pageSize: 2 });
    expect(first).toBe(false);
    expect(newer).toEqual({ examined: stored.length, updated: stored.length, complete: true, retentionDays: 90 });
    // The older job's write was refused, and it stopped on seeing the newer value.
    expect(older).toMatchObject({ complete: false, superseded: true, retentionDays: 45 });
    expect(older.updated).toBeLessThan(2);
    await expectExpiry(90);
    expect(jobs.held).toEqual([{ task: 'submission-retention' }]);
    await runHeld();
    await expectExpiry(90);
    jobs.mode = 'run';
  });

  it('a job of an older value run after the newer one changes nothing', async () => {
    const retention = await getRetentionSetting(db);
    expect(retention.days).toBe(90);
    const result = await restampSubmissionExpiry(db, { days: 45, generation: retention.generation - 1 });
    expect(result).toMatchObject({ updated: 0, complete: false, superseded: true });
    await expectExpiry(90);
    await setRetention(365);
    await local.idle();
    await expectExpiry(365);
  });

  it('the job pages through the lists, writes only what differs (a second run writes nothing) and finishes a run cut short', async () => {
    const stored = await submissions();
    const retention = await getRetentionSetting(db);
    // As if a run had been cut short: two items still carry another expiry.
    for (const item of stored.slice(0, 2)) {
      await db.doc.send(
        new UpdateCommand({ TableName: db.table, Key: { pk: item.pk, sk: item.sk }, UpdateExpression: 'SET #ttl = :old', ExpressionAttributeNames: { '#ttl': TTL }, ExpressionAttributeValues: { ':old': 1 } }),
      );
    }
    // No time left: nothing is read or written, and the run says it did not finish.
    expect(await restampSubmissionExpiry(db, retention, { deadlineMs: 0 })).toEqual({ examined: 0, updated: 0, complete: false });

    const first = await restampSubmissionExpiry(db, retention, { pageSize: 3 });
    expect(first).toEqual({ examined: stored.length, updated: 2, complete: true });
    await expectExpiry(365);
    expect(await applySubmissionRetention(db)).toEqual({ examined: stored.length, updated: 0, complete: true, retentionDays: 365 });
  });

  it('the daily job applies the retention too', async () => {
    const [item] = await submissions();
    await db.doc.send(
      new UpdateCommand({ TableName: db.table, Key: { pk: item!.pk, sk: item!.sk }, UpdateExpression: 'SET #ttl = :old', ExpressionAttributeNames: { '#ttl': TTL }, ExpressionAttributeValues: { ':old': 1 } }),
    );
    const result = await runDailyJobs(db, Date.now());
    expect(result.restamped).toBe(1);
    const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: { pk: item!.pk, sk: item!.sk } }));
    expect(Item?.[TTL]).toBe(expiryOf(item!, 365));
  });
});
