import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SettingsAnswer } from '@app/shared-types/settings';
import type { Db } from '../src/db/client';
import { keys } from '../src/db/keys';
import { restampSubmissionExpiry, SUBMISSION_PARTITIONS } from '../src/db/submission-repo';
import { TABLE_DEFINITION } from '../src/db/table-definition';
import { runDailyJobs } from '../src/jobs/daily';
import { applySubmissionRetention } from '../src/jobs/submission-retention';
import { createStaffApp, json, postJson, staffRequest, uniquePhone, validContact, validEstimate, type TestApp } from './helpers';

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

beforeAll(async () => {
  const test = await createStaffApp('admin');
  ({ app, db } = test);
  admin = test.staff('admin').cookie;
});

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

async function setRetention(days: number) {
  const current = await json<SettingsAnswer>(staffRequest(app, '/api/settings', admin));
  const { smtpPasswordSet: _set, ...email } = current.email;
  const response = await staffRequest(app, '/api/settings', admin, {
    method: 'PUT',
    body: { ...current, email, system: { ...current.system, dataRetentionDays: days } },
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Two real submissions (each with its lead) and two spam ones. */
async function submitSome() {
  const estimate = await postJson(app, '/api/calculator', { ...validEstimate, phone: uniquePhone() });
  const contact = await postJson(app, '/api/contact', { ...validContact, phone: uniquePhone() });
  const spamEstimate = await postJson(app, '/api/calculator', { ...validEstimate, phone: uniquePhone(), website: 'http://spam.example' });
  const spamContact = await postJson(app, '/api/contact', { ...validContact, phone: uniquePhone(), website: 'x' });
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

  it('a save that changes the retention re-stamps the submissions already stored, and new ones get the new one', async () => {
    await setRetention(30);
    let stored = await submissions();
    expect(stored.length).toBeGreaterThanOrEqual(4);
    for (const item of stored) expect(item[TTL], item.pk).toBe(expiryOf(item, 30));

    await submitSome();
    stored = await submissions();
    for (const item of stored) expect(item[TTL], item.pk).toBe(expiryOf(item, 30));

    await setRetention(2555);
    for (const item of await submissions()) expect(item[TTL], item.pk).toBe(expiryOf(item, 2555));
    await setRetention(365);
    for (const item of await submissions()) expect(item[TTL], item.pk).toBe(expiryOf(item, 365));
  });

  it('the job pages through the lists, writes only what differs (a second run writes nothing) and finishes a run cut short', async () => {
    const stored = await submissions();
    // As if a save's run had been cut short: two items still carry another expiry.
    for (const item of stored.slice(0, 2)) {
      await db.doc.send(
        new UpdateCommand({ TableName: db.table, Key: { pk: item.pk, sk: item.sk }, UpdateExpression: 'SET #ttl = :old', ExpressionAttributeNames: { '#ttl': TTL }, ExpressionAttributeValues: { ':old': 1 } }),
      );
    }
    // No time left: nothing is read or written, and the run says it did not finish.
    expect(await restampSubmissionExpiry(db, 365, { deadlineMs: 0 })).toEqual({ examined: 0, updated: 0, complete: false });

    const first = await restampSubmissionExpiry(db, 365, { pageSize: 3 });
    expect(first).toEqual({ examined: stored.length, updated: 2, complete: true });
    for (const item of await submissions()) expect(item[TTL], item.pk).toBe(expiryOf(item, 365));
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
