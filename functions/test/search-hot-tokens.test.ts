import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from '@app/shared-types/api';
import type { Lead } from '@app/shared-types/leads';
import type { Db } from '../src/db/client';
import { keys } from '../src/db/keys';
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
