import { randomUUID } from 'node:crypto';
import { BatchGetCommand, ScanCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BlogPost } from '@app/shared-types/blog';
import type { Customer } from '@app/shared-types/customers';
import type { Lead } from '@app/shared-types/leads';
import { projectCreateSchema, projectSlug, type Project } from '@app/shared-types/projects';
import { QUOTE_LINK_INVALID, type Quotation, type QuotationSendResult } from '@app/shared-types/quotations';
import { createApp } from '../src/app';
import { staticSigningKey } from '../src/auth/signing-key';
import { batchGet } from '../src/db/batch-get';
import { blogPostEntity } from '../src/blog/blog-repo';
import type { Db } from '../src/db/client';
import { systemContext } from '../src/db/entity';
import { keys } from '../src/db/keys';
import { createProject, newProject, projectEntity } from '../src/projects/project-repo';
import { deleteQuotation } from '../src/quotations/quotation-repo';
import { transactWrite } from '../src/db/writes';
import { isServiceUnavailable } from '../src/db/unavailable';
import { RETRY } from '../src/db/plan';
import { seedRateLibrary } from '../src/local/rate-library-seed';
import { createStaffApp, customerInput, json, staffRequest, TEST_IP_HEADER, TEST_ORIGIN, testSigningKey, uniquePhone, type TestApp } from './helpers';

/**
 * Writes whose retries run out under contention (quote approval, lead
 * conversion, deletes) answer like the rest of the platform: 409 with the
 * current record when the client's version is what lost, 503 when only other
 * writers kept winning; never a 500, and nothing of the write is left behind.
 */

const UNAVAILABLE = 'The service is briefly unavailable. Please try again in a moment.';

let app: TestApp;
let db: Db;
let employee: string;
let manager: string;
let customerId: string;

beforeAll(async () => {
  const { staff, ...test } = await createStaffApp('employee', 'manager');
  ({ app, db } = test);
  employee = staff('employee').cookie;
  manager = staff('manager').cookie;
  customerId = (await json<Customer>(staffRequest(app, '/api/customers', employee, { method: 'POST', body: customerInput }))).id;
  await seedRateLibrary(db);
});

const ctx = () => systemContext(new Date().toISOString(), 'write-contention-test');

/**
 * In a describe whose losses are injected (every try loses, by construction, not by a race), the
 * pause between tries only spends time: the number of tries and the answer are what is tested. The
 * retry policy's pause is a millisecond there (each try still waits its turn on the event loop);
 * the real pause comes back after. The tests of real races (below and in other files) keep it.
 */
function quickRetries() {
  const { pause, turnPause } = RETRY;
  beforeAll(() => {
    RETRY.pause = () => new Promise<void>((resolve) => setTimeout(resolve, 1));
    RETRY.turnPause = RETRY.pause;
  });
  afterAll(() => {
    RETRY.pause = pause;
    RETRY.turnPause = turnPause;
  });
}

/** The app on top of `target` (same table, signing key and so sessions as the tests' app). */
function appOn(target: Db): TestApp {
  return createApp({ db: target, clientIp: (c) => c.req.header(TEST_IP_HEADER) ?? '192.0.2.1', signingKey: staticSigningKey(testSigningKey) });
}

const sameKey = (a: Record<string, NativeAttributeValue> | undefined, key: { pk: string; sk: string }) => a?.pk === key.pk && a?.sk === key.sk;

/** Whether a transaction writes (puts, updates or deletes) the item at `key`. */
function writesItem(command: TransactWriteCommand, key: { pk: string; sk: string }) {
  return (command.input.TransactItems ?? []).some(
    (entry) => sameKey(entry.Put?.Item, key) || sameKey(entry.Update?.Key, key) || sameKey(entry.Delete?.Key, key) || sameKey(entry.ConditionCheck?.Key, key),
  );
}

/**
 * `db` with `rival` run before every transaction that writes the item at
 * `key` (another writer winning each time, however often the write reads
 * again); `rivals()` counts the times it ran.
 */
function racedOn(key: { pk: string; sk: string }, rival: (n: number) => Promise<void>): Db & { rivals: () => number } {
  let runs = 0;
  const send = db.doc.send.bind(db.doc) as (command: unknown) => Promise<unknown>;
  return {
    table: db.table,
    rivals: () => runs,
    doc: {
      send: async (command: unknown) => {
        if (command instanceof TransactWriteCommand && writesItem(command, key)) await rival(++runs);
        return send(command);
      },
    } as unknown as DynamoDBDocumentClient,
  };
}

/** `db` whose transactions that write the item at `key` all lose to concurrent ones (TransactionConflict, no failed condition). */
function conflictingOn(key: { pk: string; sk: string }): Db & { conflicts: () => number } {
  return conflictingWhen((command) => writesItem(command, key));
}

/** `db` whose transactions `loses` picks all lose to concurrent ones (TransactionConflict, no failed condition). */
function conflictingWhen(loses: (command: TransactWriteCommand) => boolean): Db & { conflicts: () => number } {
  let conflicts = 0;
  const send = db.doc.send.bind(db.doc) as (command: unknown) => Promise<unknown>;
  return {
    table: db.table,
    conflicts: () => conflicts,
    doc: {
      send: (command: unknown) => {
        if (command instanceof TransactWriteCommand && loses(command)) {
          conflicts++;
          const reasons = (command.input.TransactItems ?? []).map((_, i) => ({ Code: i === 0 ? 'TransactionConflict' : 'None' }));
          return Promise.reject(Object.assign(new Error('Transaction cancelled'), { name: 'TransactionCanceledException', CancellationReasons: reasons }));
        }
        return send(command);
      },
    } as unknown as DynamoDBDocumentClient,
  };
}

/** Another writer saving the lead: its version moves on (its own audit trail is not this test's). */
async function touchLead(leadId: string) {
  await db.doc.send(
    new UpdateCommand({ TableName: db.table, Key: keys.lead(leadId), UpdateExpression: 'SET #version = #version + :one', ExpressionAttributeNames: { '#version': 'version' }, ExpressionAttributeValues: { ':one': 1 } }),
  );
}

type Item = Record<string, NativeAttributeValue>;

/** Every item of the test's table by key (the table is this file's own and small). */
async function tableItems(): Promise<Map<string, Item>> {
  const items = new Map<string, Item>();
  let start: Item | undefined;
  do {
    const page = await db.doc.send(new ScanCommand({ TableName: db.table, ConsistentRead: true, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) items.set(`${String(item.pk)} | ${String(item.sk)}`, item);
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Request bookkeeping that is not the write's: rate-limit windows and sessions. */
const bookkeeping = (key: string) => key.startsWith('RATE#') || key.startsWith('SESSION#');

/** The keys of the items added, removed or changed between two reads of the table, leaving out request bookkeeping. */
function changedKeys(before: Map<string, Item>, after: Map<string, Item>) {
  const added = [...after.keys()].filter((key) => !before.has(key) && !bookkeeping(key));
  const removed = [...before.keys()].filter((key) => !after.has(key) && !bookkeeping(key));
  const changed = [...after.keys()].filter((key) => before.has(key) && JSON.stringify(before.get(key)) !== JSON.stringify(after.get(key)) && !bookkeeping(key));
  return { added, removed, changed };
}

const keyOf = (key: { pk: string; sk: string }) => `${key.pk} | ${key.sk}`;

async function expectStatus(response: Response | Promise<Response>, status: number) {
  const resolved = await response;
  expect(resolved.status, await resolved.clone().text()).toBe(status);
  return resolved;
}

async function newLead(name: string) {
  const body = { name, phone: uniquePhone('8'), source: 'Website', projectType: '3BHK', location: 'Kondapur' };
  return json<Lead>(expectStatus(staffRequest(app, '/api/leads', employee, { method: 'POST', body }), 201));
}

async function quoteFor(lead: Lead, title: string) {
  const body = {
    leadId: lead.id,
    title,
    clientDetails: { name: lead.name, phone: uniquePhone('9'), projectType: '3BHK' },
    rows: [{ usageArea: 'Living', item: 'TV Unit', unit: 'QTY', quantity: 1, unitPrice: 100000 }],
  };
  return json<Quotation>(expectStatus(staffRequest(app, '/api/quotations', employee, { method: 'POST', body }), 201));
}

/** The client's answer through the share link: no session, their own IP. */
function clientApproves(target: TestApp, token: string, version: number) {
  return target.request(`/api/quote-links/${token}/approve`, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, [TEST_IP_HEADER]: '203.0.113.60', 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Anita Rao', comment: 'Go ahead', version }),
  });
}

describe('quote approval whose lead keeps changing', () => {
  quickRetries();

  it("'Mark approved' answers 503 (busy, retry) after its tries, writing nothing: no customer, project, slug marker, timeline or audit entry", async () => {
    const lead = await newLead(`Anita Rao ${randomUUID().slice(0, 6)}`);
    const title = `Rao residence ${randomUUID().slice(0, 8)}`;
    const quote = await quoteFor(lead, title);
    const raced = racedOn(keys.quotation(quote.id), () => touchLead(lead.id));
    const before = await tableItems();

    const response = await expectStatus(staffRequest(appOn(raced), `/api/quotations/${quote.id}/approve`, manager, { method: 'POST', body: { version: quote.version } }), 503);
    expect(await response.json()).toEqual({ error: UNAVAILABLE });
    expect(response.headers.get('retry-after')).toBeTruthy();
    // Each try read the lead again and lost to the rival once more.
    expect(raced.rivals()).toBe(4);

    // Only the rival's saves of the lead changed anything.
    expect(changedKeys(before, await tableItems())).toEqual({ added: [], removed: [], changed: [keyOf(keys.lead(lead.id))] });
    const stored = await json<Quotation>(staffRequest(app, `/api/quotations/${quote.id}`, employee));
    expect(stored).toEqual(quote);
    const { lead: leadNow } = await json<{ lead: Lead }>(staffRequest(app, `/api/leads/${lead.id}`, employee));
    expect(leadNow).toEqual({ ...lead, status: leadNow.status, version: lead.version + 4 });
    expect(leadNow.status).not.toBe('Won');
    expect(leadNow.conversion ?? null).toBeNull();
  }, 60_000);

  it('the share link answers 503 the same way, and the approval goes through once the lead is left alone', async () => {
    const lead = await newLead(`Anita Rao ${randomUUID().slice(0, 6)}`);
    const quote = await quoteFor(lead, `Rao villa ${randomUUID().slice(0, 8)}`);
    const sent = await json<QuotationSendResult>(
      expectStatus(staffRequest(app, `/api/quotations/${quote.id}/send`, employee, { method: 'POST', body: { version: quote.version, confirmLowMargin: true } }), 200),
    );
    const token = sent.sharePath.slice(3);
    const raced = racedOn(keys.quotation(quote.id), () => touchLead(lead.id));
    const before = await tableItems();

    const response = await expectStatus(clientApproves(appOn(raced), token, sent.quotation.version), 503);
    expect(await response.json()).toEqual({ error: UNAVAILABLE });
    expect(changedKeys(before, await tableItems())).toEqual({ added: [], removed: [], changed: [keyOf(keys.lead(lead.id))] });
    expect(await json<Quotation>(staffRequest(app, `/api/quotations/${quote.id}`, employee))).toEqual(sent.quotation);

    // The client tries again when it is quiet: approved, with its project and the lead Won.
    await expectStatus(clientApproves(app, token, sent.quotation.version), 200);
    const approved = await json<Quotation>(staffRequest(app, `/api/quotations/${quote.id}`, employee));
    expect(approved).toMatchObject({ status: 'approved', approvedBy: 'Anita Rao' });
    expect(approved.projectId).toEqual(expect.any(String));
  }, 60_000);

  it('answers 409 with the current quote when the quote itself changed after the lead kept changing (the client\'s version lost)', async () => {
    const lead = await newLead(`Anita Rao ${randomUUID().slice(0, 6)}`);
    const quote = await quoteFor(lead, `Rao flat ${randomUUID().slice(0, 8)}`);
    const raced = racedOn(keys.quotation(quote.id), async (n) => {
      if (n < 3) return touchLead(lead.id);
      // The third time someone saves the quote itself.
      const body = { leadId: quote.leadId, title: `${quote.title} (revised)`, clientDetails: quote.clientDetails, rows: quote.rows, version: quote.version };
      await expectStatus(staffRequest(app, `/api/quotations/${quote.id}`, employee, { method: 'PUT', body }), 200);
    });
    const response = await expectStatus(staffRequest(appOn(raced), `/api/quotations/${quote.id}/approve`, manager, { method: 'POST', body: { version: quote.version } }), 409);
    const body = await response.json() as { error: string; current: Quotation };
    expect(body.error).toEqual(expect.any(String));
    expect(body.current).toMatchObject({ id: quote.id, version: quote.version + 1, title: `${quote.title} (revised)`, status: 'draft' });
  }, 60_000);

  it('answers 404 when the quote is deleted while it is being approved (nothing else written)', async () => {
    const lead = await newLead(`Anita Rao ${randomUUID().slice(0, 6)}`);
    const quote = await quoteFor(lead, `Rao office ${randomUUID().slice(0, 8)}`);
    const raced = racedOn(keys.quotation(quote.id), async (n) => {
      if (n === 1) expect(await deleteQuotation(db, quote.id, ctx())).toMatchObject({ deleted: { id: quote.id } });
    });
    const before = await tableItems();
    const response = await expectStatus(staffRequest(appOn(raced), `/api/quotations/${quote.id}/approve`, manager, { method: 'POST', body: { version: quote.version } }), 404);
    expect(await response.json()).toEqual({ error: 'Quotation not found' });
    // What changed is the delete's own doing: the quote and its entries gone, its audit entry, a dashboard counter
    // shard; no customer, project, lead change, timeline entry or approval audit entry.
    const after = await tableItems();
    const { added, changed, removed } = changedKeys(before, after);
    const deleteAudit = added.filter((key) => key.startsWith(`AUDIT#${quote.id} |`));
    expect(deleteAudit.map((key) => after.get(key)?.action)).toEqual(['delete']);
    expect([...added, ...changed].filter((key) => !deleteAudit.includes(key) && !key.startsWith('STATS | DASHBOARD#'))).toEqual([]);
    expect(removed).toContain(keyOf(keys.quotation(quote.id)));
  }, 60_000);

  it('the share link answers 404 (the link is gone) when the quote is deleted while the client approves', async () => {
    const lead = await newLead(`Anita Rao ${randomUUID().slice(0, 6)}`);
    const quote = await quoteFor(lead, `Rao studio ${randomUUID().slice(0, 8)}`);
    const sent = await json<QuotationSendResult>(
      expectStatus(staffRequest(app, `/api/quotations/${quote.id}/send`, employee, { method: 'POST', body: { version: quote.version, confirmLowMargin: true } }), 200),
    );
    const raced = racedOn(keys.quotation(quote.id), async (n) => {
      if (n === 1) await deleteQuotation(db, quote.id, ctx());
    });
    const response = await expectStatus(clientApproves(appOn(raced), sent.sharePath.slice(3), sent.quotation.version), 404);
    expect(await response.json()).toEqual({ error: QUOTE_LINK_INVALID });
  }, 60_000);
});

describe('lead conversion that keeps losing to concurrent transactions', () => {
  quickRetries();

  async function wonLead() {
    const body = { name: `Kavya ${randomUUID().slice(0, 6)}`, phone: uniquePhone(), status: 'Won', location: 'Kondapur' };
    return json<Lead>(expectStatus(staffRequest(app, '/api/leads', employee, { method: 'POST', body }), 201));
  }
  const conversion = (lead: Lead, projectName?: string) => ({
    version: lead.version,
    customer: { firstName: lead.name.split(' ')[0], lastName: 'Menon', city: 'Hyderabad' },
    ...(projectName ? { project: { name: projectName, projectType: '2BHK', estimatedBudget: '6,50,000' } } : {}),
  });

  for (const withProject of [false, true]) {
    it(`answers 503 ${withProject ? 'with' : 'without'} a first project, writing nothing (no customer, project, slug marker, timeline or audit entry)`, async () => {
      const lead = await wonLead();
      const projectName = `Menon Kitchen ${randomUUID().slice(0, 8)}`;
      const conflicting = conflictingOn(keys.lead(lead.id));
      const before = await tableItems();
      const body = conversion(lead, withProject ? projectName : undefined);
      const response = await expectStatus(staffRequest(appOn(conflicting), `/api/leads/${lead.id}/convert`, employee, { method: 'POST', body }), 503);
      expect(await response.json()).toEqual({ error: UNAVAILABLE });
      // Past transactWrite's own tries, the conversion wrote again before giving up.
      expect(conflicting.conflicts()).toBeGreaterThan(6);
      expect(changedKeys(before, await tableItems())).toEqual({ added: [], removed: [], changed: [] });
      const { lead: leadNow } = await json<{ lead: Lead }>(staffRequest(app, `/api/leads/${lead.id}`, employee));
      expect(leadNow).toEqual(lead);
      // And converts when it is quiet.
      const converted = await json<{ project: Project | null }>(expectStatus(staffRequest(app, `/api/leads/${lead.id}/convert`, employee, { method: 'POST', body }), 201));
      expect(converted.project?.slug ?? null).toBe(withProject ? projectSlug(projectName) : null);
    }, 60_000);
  }
});

describe('deletes that keep losing to edits', () => {
  quickRetries();

  it('a quote edited before every delete try answers 503, and the quote stays', async () => {
    const lead = await newLead(`Anita Rao ${randomUUID().slice(0, 6)}`);
    const quote = await quoteFor(lead, `Rao bungalow ${randomUUID().slice(0, 8)}`);
    const raced = racedOn(keys.quotation(quote.id), async () => {
      await db.doc.send(
        new UpdateCommand({ TableName: db.table, Key: keys.quotation(quote.id), UpdateExpression: 'SET #version = #version + :one', ExpressionAttributeNames: { '#version': 'version' }, ExpressionAttributeValues: { ':one': 1 } }),
      );
    });
    const response = await expectStatus(staffRequest(appOn(raced), `/api/quotations/${quote.id}`, manager, { method: 'DELETE' }), 503);
    expect(await response.json()).toEqual({ error: UNAVAILABLE });
    expect(raced.rivals()).toBe(6);
    const stored = await json<Quotation>(expectStatus(staffRequest(app, `/api/quotations/${quote.id}`, employee), 200));
    expect(stored).toEqual({ ...quote, version: quote.version + 6 });
  }, 60_000);
});

describe('an edit that keeps losing to concurrent transactions', () => {
  quickRetries();

  it('a blog post saved at its current version answers 503 (not a stale 409 with the same version), the post unchanged', async () => {
    const created = await json<BlogPost>(
      expectStatus(staffRequest(app, '/api/blog-posts', manager, { method: 'POST', body: { title: `Busy post ${randomUUID().slice(0, 8)}`, content: 'Body' } }), 201),
    );
    const conflicting = conflictingOn(keys.blogPost(created.id));
    const body = { title: `${created.title} again`, content: created.content, slug: created.slug, version: created.version };
    const response = await expectStatus(staffRequest(appOn(conflicting), `/api/blog-posts/${created.id}`, manager, { method: 'PUT', body }), 503);
    expect(await response.json()).toEqual({ error: UNAVAILABLE });
    expect(conflicting.conflicts()).toBeGreaterThan(6);
    expect((await blogPostEntity.get(db, created.id, true))?.version).toBe(created.version);
    // Saved when it is quiet; then the same version again has lost: a 409 with the current post.
    await expectStatus(staffRequest(app, `/api/blog-posts/${created.id}`, manager, { method: 'PUT', body }), 200);
    const stale = await expectStatus(staffRequest(app, `/api/blog-posts/${created.id}`, manager, { method: 'PUT', body }), 409);
    expect(await stale.json()).toMatchObject({ current: { id: created.id, version: created.version + 1 } });
  }, 60_000);
});

describe('any write whose transaction keeps losing to concurrent ones past its tries', () => {
  quickRetries();

  it('answers 503 (a new customer), writing nothing', async () => {
    const conflicting = conflictingWhen((command) => (command.input.TransactItems ?? []).some((entry) => entry.Put?.Item?.entityType === 'Customer'));
    const before = await tableItems();
    const response = await expectStatus(staffRequest(appOn(conflicting), '/api/customers', employee, { method: 'POST', body: { ...customerInput, phone: uniquePhone() } }), 503);
    expect(await response.json()).toEqual({ error: UNAVAILABLE });
    expect(conflicting.conflicts()).toBeGreaterThan(0);
    expect(changedKeys(before, await tableItems())).toEqual({ added: [], removed: [], changed: [] });
  }, 60_000);

  it('is busy only when no condition failed: a failed condition thrown on is still a bug (500), never hidden as a 503', () => {
    const cancelled = (...codes: string[]) => Object.assign(new Error('cancelled'), { name: 'TransactionCanceledException', CancellationReasons: codes.map((Code) => ({ Code })) });
    expect(isServiceUnavailable(cancelled('None', 'TransactionConflict'))).toBe(true);
    expect(isServiceUnavailable(cancelled('ConditionalCheckFailed', 'TransactionConflict'))).toBe(false);
    expect(isServiceUnavailable(cancelled('ConditionalCheckFailed', 'None'))).toBe(false);
    expect(isServiceUnavailable(Object.assign(new Error('conflict'), { name: 'TransactionConflictException' }))).toBe(true);
  });
});

describe('batch reads DynamoDB keeps leaving unprocessed', () => {
  it('give up as busy (503), not as a bug', async () => {
    const unprocessed: Db = {
      table: db.table,
      doc: {
        send: (command: unknown) =>
          Promise.resolve(command instanceof BatchGetCommand ? { Responses: { [db.table]: [] }, UnprocessedKeys: command.input.RequestItems } : undefined),
      } as unknown as DynamoDBDocumentClient,
    };
    // Its backoff (25 ms doubling, 6.4 s over 8 tries) runs on a fake clock: the tries are what is tested.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let error: unknown;
    try {
      const settled = batchGet(unprocessed, [keys.lead(randomUUID())]).catch((thrown: unknown) => thrown);
      await vi.runAllTimersAsync();
      error = await settled;
    } finally {
      vi.useRealTimers();
    }
    expect(error).toBeInstanceOf(Error);
    expect(isServiceUnavailable(error)).toBe(true);
  }, 60_000);
});

describe('claimDerived (the claim of a new item whose contested values all derive)', () => {
  it('derives a value it was given, so a held one is never answered as taken: the next free one instead', async () => {
    const name = `Claimed Villa ${randomUUID().slice(0, 8)}`;
    const holder = await createProject(db, projectCreateSchema.validateSync({ customerId, name, projectType: 'Villa' }), ctx());
    expect(holder).toMatchObject({ project: { slug: projectSlug(name) } });
    const draft = { ...newProject(projectCreateSchema.validateSync({ customerId, name, projectType: 'Villa' }), ctx().now, 'Test customer'), slug: projectSlug(name) };
    const written = await projectEntity.claimDerived(db, draft, async (project) => {
      await transactWrite(db, projectEntity.createWrites(db, project, ctx()));
      return project.slug;
    });
    expect(written).toBe(`${projectSlug(name)}-2`);
  });
});


describe('quote approval and its advance demand are one commit', () => {
  /** `db` whose transactions that claim a stage demand fail that claim's condition (a fault in the demand's part). */
  function demandFailing(): Db & { failures: () => number } {
    let failures = 0;
    const send = db.doc.send.bind(db.doc) as (command: unknown) => Promise<unknown>;
    return {
      table: db.table,
      failures: () => failures,
      doc: {
        send: (command: unknown) => {
          if (command instanceof TransactWriteCommand) {
            for (const entry of command.input.TransactItems ?? []) {
              if (entry.Put?.Item?.entityType !== 'StageDemand') continue;
              failures++;
              // A condition the new marker can never meet: the demand's part fails, so must everything.
              entry.Put.ConditionExpression = 'attribute_exists(pk)';
            }
          }
          return send(command);
        },
      } as unknown as DynamoDBDocumentClient,
    };
  }

  it("'Mark approved' raises the project's Advance in the same commit as the approval", async () => {
    const lead = await newLead(`Meera Nair ${randomUUID().slice(0, 6)}`);
    const quote = await quoteFor(lead, `Nair residence ${randomUUID().slice(0, 8)}`);
    const answer = await json<{ quotation: Quotation; projectId: string; demandTransactionId: string }>(
      expectStatus(staffRequest(app, `/api/quotations/${quote.id}/approve`, manager, { method: 'POST', body: { version: quote.version } }), 200),
    );
    expect(answer.demandTransactionId).toEqual(expect.any(String));
    const [demand] = await batchGet(db, [keys.stageDemand(answer.projectId, 'Advance')]);
    expect(demand).toMatchObject({ entityType: 'StageDemand', stageName: 'Advance', transactionRef: answer.demandTransactionId });
    const [transaction] = await batchGet(db, [keys.transaction(answer.demandTransactionId)]);
    expect(transaction).toMatchObject({ type: 'advance', category: 'project_advance', stageName: 'Advance', projectId: answer.projectId, status: 'pending' });
  }, 60_000);

  it('a failure in the demand leaves neither the approval nor the demand (nor the customer, project, lead change or number)', async () => {
    const lead = await newLead(`Meera Nair ${randomUUID().slice(0, 6)}`);
    const quote = await quoteFor(lead, `Nair villa ${randomUUID().slice(0, 8)}`);
    const failing = demandFailing();
    const before = await tableItems();
    const response = await staffRequest(appOn(failing), `/api/quotations/${quote.id}/approve`, manager, { method: 'POST', body: { version: quote.version } });
    // The approval read again and tried each time; the fault never lets it land (busy, never a 500).
    expect(response.status).toBe(503);
    expect(failing.failures()).toBeGreaterThan(0);
    expect(changedKeys(before, await tableItems())).toEqual({ added: [], removed: [], changed: [] });
    expect(await json<Quotation>(staffRequest(app, `/api/quotations/${quote.id}`, employee))).toEqual(quote);
    const { lead: leadNow } = await json<{ lead: Lead }>(staffRequest(app, `/api/leads/${lead.id}`, employee));
    expect(leadNow).toEqual(lead);
  }, 60_000);
});
