import { BatchGetCommand, BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from '@app/shared-types/api';
import { SALESPEOPLE, leadImportRowSchema, type Lead } from '@app/shared-types/leads';
import type { Db } from '../src/db/client';
import { systemContext } from '../src/db/entity';
import { keys } from '../src/db/keys';
import { leadEntity, newLead } from '../src/leads/lead-repo';
import { createStaffApp, json, staffRequest, uniquePhone, type TestApp } from './helpers';

let app: TestApp;
let db: Db;
let employee: string;

/** Names whose words start with 'pr' (the two-letter partition holds them all) and one other. */
const NAMES = ['Prakash Rameshwar', 'Priya Rameshwar', 'Pradeep Sundaram', 'Preethi Sundaram', 'Pranav Iyer', 'Kiran Rameshwar'];

beforeAll(async () => {
  const { staff, ...test } = await createStaffApp('employee');
  ({ app, db } = test);
  employee = staff('employee').cookie;
  const leadsData = NAMES.map((name) => ({ name, phone: uniquePhone(), source: 'Website', location: 'Hyderabad' }));
  const imported = await staffRequest(app, '/api/leads/bulk-import', employee, { method: 'POST', body: { leadsData } });
  expect(imported.status).toBe(200);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The partitions the table's Queries read while `run` runs. */
async function partitionsRead(run: () => Promise<unknown>): Promise<string[]> {
  const send = vi.spyOn(db.doc, 'send');
  await run();
  return send.mock.calls.flatMap(([command]) => (command instanceof QueryCommand ? [String(command.input.ExpressionAttributeValues?.[':pk'])] : []));
}

const search = (q: string) => json<Page<Lead>>(staffRequest(app, `/api/leads?q=${encodeURIComponent(q)}`, employee));
const names = (page: Page<Lead>) => page.items.map((lead) => lead.name).sort();

describe('a search never reads a two-letter token partition when it has a longer word (issue 24, hot keys)', () => {
  it('reads the longer word\'s partition and checks the two letters on its candidates', async () => {
    let found: Page<Lead> | undefined;
    const read = await partitionsRead(async () => {
      found = await search('pr rameshwar');
    });
    expect(names(found!)).toEqual(['Prakash Rameshwar', 'Priya Rameshwar']);
    expect(read).toContain(keys.searchToken('Lead', 'rameshwa', '').pk);
    expect(read).not.toContain(keys.searchToken('Lead', 'pr', '').pk);
  });

  it('reads the two-letter partition for a query of two-letter words only', async () => {
    let found: Page<Lead> | undefined;
    const read = await partitionsRead(async () => {
      found = await search('pr');
    });
    expect(names(found!)).toEqual(NAMES.filter((name) => name.startsWith('Pr')).sort());
    expect(read).toContain(keys.searchToken('Lead', 'pr', '').pk);
  });
});

describe('a common word with a filter few leads pass (issue 24, hot keys)', () => {
  it('examines at most 1,000 candidates a request, then answers with a cursor that goes on', async () => {
    // 1,100 leads with one common word, written straight in: each lead and its token of that word (no phone markers: phones of their own).
    const ctx = systemContext(new Date().toISOString());
    const items = Array.from({ length: 1_100 }, (_, n) => {
      const row = leadImportRowSchema.validateSync({ name: `Zephyrine Lead${n}`, phone: `7${100_000_000 + n}`, source: 'Website', location: 'Hyderabad' }, { stripUnknown: true });
      const writes = leadEntity.createWrites(db, newLead({ ...row, status: 'New', assignedTo: SALESPEOPLE[0] }, ctx.now), ctx, { counters: false });
      return writes.flatMap((write) => (write.Put?.Item && (write.Put.Item.entityType === 'Lead' || write.Put.Item.pk === keys.searchToken('Lead', 'zephyrin', '').pk) ? [write.Put.Item] : []));
    }).flat();
    for (let i = 0; i < items.length; i += 25) {
      await db.doc.send(new BatchWriteCommand({ RequestItems: { [db.table]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
    }
    const candidatesRead = async (path: string) => {
      const send = vi.spyOn(db.doc, 'send');
      const page = await json<Page<Lead>>(staffRequest(app, path, employee));
      const read = send.mock.calls.reduce((sum, [command]) => sum + (command instanceof BatchGetCommand ? (command.input.RequestItems?.[db.table]?.Keys?.length ?? 0) : 0), 0);
      send.mockRestore();
      return { page, read };
    };
    // None of them is Won: the first request reads its budget and answers no lead, with a cursor.
    const first = await candidatesRead('/api/leads?q=zephyrine&status=Won');
    expect(first.page.items).toEqual([]);
    expect(first.page.nextCursor).toBeDefined();
    expect(first.read).toBeLessThanOrEqual(1_000);
    const next = await candidatesRead(`/api/leads?q=zephyrine&status=Won&cursor=${first.page.nextCursor}`);
    expect(next.page).toEqual({ items: [] });
    expect(first.read + next.read).toBe(1_100);
  });
});
