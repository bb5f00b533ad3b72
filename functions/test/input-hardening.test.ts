import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEXT_NOT_ALLOWED, TEXT_ONE_LINE } from '@app/shared-types/forms';
import type { Db } from '../src/db/client';
import { classifyImportRows } from '../src/leads/lead-bulk-repo';
import { createStaffApp, customerInput, json, postJson, staffRequest, type TestApp, uniquePhone, validContact, validEstimate } from './helpers';

/**
 * Hostile input (issue 11, Application items 3 and 5): every validated route
 * answers 400 with a field message, never 500, and stores nothing.
 */

let app: TestApp;
let db: Db;
let employee: string;

beforeAll(async () => {
  const { staff, ...test } = await createStaffApp('employee');
  ({ app, db } = test);
  employee = staff('employee').cookie;
});

type Fields = { error: string; fields: Record<string, string> };

/** The names of Object.prototype that yup looks up as if they were fields. */
const PROTOTYPE_KEYS = ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty'];

/** `base` with an own property `key` (JSON.parse makes '__proto__' an own key, as a request body does). */
function withKey(base: Record<string, unknown>, key: string, value: unknown = 'x'): Record<string, unknown> {
  return { ...base, ...(JSON.parse(`{${JSON.stringify(key)}:${JSON.stringify(value)}}`) as Record<string, unknown>) };
}

const notAllowed = (key: string) => `"${key}" is not an allowed field name`;

describe('keys named after Object.prototype (item 3)', () => {
  it.each(PROTOTYPE_KEYS)('public forms answer 400 to a body with %s, at the top or nested', async (key) => {
    for (const [path, body] of [
      ['/api/calculator', validEstimate],
      ['/api/contact', validContact],
    ] as const) {
      const top = await postJson(app, path, withKey({ ...body, phone: uniquePhone() }, key));
      expect(top.status, path).toBe(400);
      expect(await json<Fields>(top)).toEqual({ error: 'Validation failed', fields: { [key]: notAllowed(key) } });
      const nested = await postJson(app, path, { ...body, phone: uniquePhone(), city: withKey({}, key, { a: 1 }) });
      expect(nested.status, path).toBe(400);
      expect((await json<Fields>(nested)).fields).toEqual({ [`city.${key}`]: notAllowed(key) });
    }
  });

  it.each(PROTOTYPE_KEYS)('staff writes answer 400 to a body with %s', async (key) => {
    const lead = await staffRequest(app, '/api/leads', employee, { method: 'POST', body: withKey({ name: 'Asha Rao', phone: uniquePhone() }, key) });
    expect(lead.status).toBe(400);
    expect((await json<Fields>(lead)).fields).toEqual({ [key]: notAllowed(key) });

    const vendor = await json<{ id: string; version: number }>(
      staffRequest(app, '/api/vendors', employee, { method: 'POST', body: { name: 'Teak & Co', category: 'civil', phone: uniquePhone() } }),
    );
    const put = await staffRequest(app, `/api/vendors/${vendor.id}`, employee, {
      method: 'PUT',
      body: { name: 'Teak & Co', category: 'civil', phone: uniquePhone(), version: vendor.version, bank: withKey({}, key) },
    });
    expect(put.status).toBe(400);
    expect((await json<Fields>(put)).fields).toEqual({ [`bank.${key}`]: notAllowed(key) });

    const bulk = await staffRequest(app, '/api/leads/bulk-import', employee, {
      method: 'POST',
      body: { leadsData: [{ name: 'Ok Row', phone: uniquePhone() }, withKey({ name: 'Bad Row', phone: uniquePhone() }, key)], dryRun: true },
    });
    expect(bulk.status).toBe(400);
    expect((await json<Fields>(bulk)).fields).toEqual({ [`leadsData[1].${key}`]: notAllowed(key) });
  });

  it.each(PROTOTYPE_KEYS)('list queries answer 400 to a parameter named %s', async (key) => {
    const response = await staffRequest(app, `/api/leads?${encodeURIComponent(key)}=x`, employee);
    expect(response.status).toBe(400);
    expect(await json<Fields>(response)).toEqual({ error: 'Invalid query parameters', fields: { [key]: notAllowed(key) } });
    expect((await app.request(`/api/projects?${encodeURIComponent(key)}=x`)).status).toBe(400);
  });

  it.each(PROTOTYPE_KEYS)('a bulk-import row with %s is an invalid row, not an error', async (key) => {
    const [row] = await classifyImportRows(db, [withKey({ name: 'Bad Row', phone: uniquePhone(), notes: withKey({}, key) }, key)]);
    expect(row).toEqual({ index: 0, status: 'invalid', errors: { [key]: notAllowed(key), [`notes.${key}`]: notAllowed(key) } });
  });
});

/** Business items in the table (leads, phone markers, submissions, customers, projects, vendors, timeline, audit, search tokens). */
async function storedItemCount(): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(new ScanCommand({ TableName: db.table, ExclusiveStartKey: start }));
    count += (page.Items ?? []).filter((item) => /^(LEAD|ESTIMATE#|CONTACT#|CUSTOMER#|PROJECT#|VENDOR#|AUDIT#|SEARCH#|SPAM#)/.test(String(item.pk))).length;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

/** `send` answers 400 with exactly `fields`, and the table holds no new business item. */
async function refusedAndNothingStored(send: () => Response | Promise<Response>, fields: Record<string, string>) {
  const before = await storedItemCount();
  const response = await send();
  expect(response.status, await response.clone().text()).toBe(400);
  expect(await json<Fields>(response)).toEqual({ error: 'Validation failed', fields });
  expect(await storedItemCount()).toBe(before);
}

const ZERO_WIDTH = '\u200B\u200C\u200D\uFEFF\u2060';

describe('garbage text (item 5): 400 with the field message, nothing stored', () => {
  it('public forms: a name of zero-width characters is missing, a NUL in the message is refused', async () => {
    await refusedAndNothingStored(() => postJson(app, '/api/calculator', { ...validEstimate, phone: uniquePhone(), name: ZERO_WIDTH }), {
      name: 'Full name is required',
    });
    await refusedAndNothingStored(() => postJson(app, '/api/contact', { ...validContact, phone: uniquePhone(), message: 'Hello\u0000there' }), {
      message: TEXT_NOT_ALLOWED,
    });
    await refusedAndNothingStored(() => postJson(app, '/api/contact', { ...validContact, phone: uniquePhone(), lastName: 'Menon\u202Egnp.exe' }), {
      lastName: TEXT_NOT_ALLOWED,
    });
  });

  it('leads: an ANSI escape in notes, a bidi override in a note of the timeline, a zero-width name in an import', async () => {
    await refusedAndNothingStored(
      () => staffRequest(app, '/api/leads', employee, { method: 'POST', body: { name: 'Asha Rao', phone: uniquePhone(), notes: '\u001b[31mred\u001b[0m' } }),
      { notes: TEXT_NOT_ALLOWED },
    );
    const lead = await json<{ id: string }>(staffRequest(app, '/api/leads', employee, { method: 'POST', body: { name: 'Asha Rao', phone: uniquePhone() } }));
    await refusedAndNothingStored(
      () => staffRequest(app, `/api/leads/${lead.id}/communications`, employee, { method: 'POST', body: { type: 'note', content: 'Called \u2066back\u2069' } }),
      { content: TEXT_NOT_ALLOWED },
    );
    const before = await storedItemCount();
    const imported = await staffRequest(app, '/api/leads/bulk-import', employee, {
      method: 'POST',
      body: { leadsData: [{ name: ZERO_WIDTH, phone: uniquePhone(), source: 'Website' }] },
    });
    expect(imported.status).toBe(200);
    expect(await json<{ leads: unknown[]; rows: { status: string; errors: Record<string, string> }[] }>(imported)).toMatchObject({
      leads: [],
      rows: [{ status: 'invalid', errors: { name: 'Name and phone are required' } }],
    });
    expect(await storedItemCount()).toBe(before);
  });

  it('customers and projects: a control character in a name, a lone surrogate in a project name', async () => {
    await refusedAndNothingStored(
      () => staffRequest(app, '/api/customers', employee, { method: 'POST', body: { ...customerInput, phone: uniquePhone(), firstName: 'Meera\u0007' } }),
      { firstName: TEXT_NOT_ALLOWED },
    );
    const customer = await json<{ id: string }>(staffRequest(app, '/api/customers', employee, { method: 'POST', body: { ...customerInput, phone: uniquePhone() } }));
    await refusedAndNothingStored(
      () => staffRequest(app, '/api/projects', employee, { method: 'POST', body: { customerId: customer.id, name: 'Nair \uD83D residence', projectType: '3BHK' } }),
      { name: TEXT_NOT_ALLOWED },
    );
  });

  it('vendors: a line break in a one-line field on create and on edit; multi-line fields keep theirs', async () => {
    await refusedAndNothingStored(
      () => staffRequest(app, '/api/vendors', employee, { method: 'POST', body: { name: 'Teak\nand Co', category: 'civil', phone: uniquePhone() } }),
      { name: TEXT_ONE_LINE },
    );
    const created = await staffRequest(app, '/api/vendors', employee, {
      method: 'POST',
      body: { name: ' Teak and Co\u200B ', category: 'civil', phone: uniquePhone(), bankDetails: 'A/c 123\r\nIFSC HDFC0001' },
    });
    expect(created.status).toBe(201);
    const vendor = await json<{ id: string; version: number; name: string; bankDetails: string }>(created);
    expect(vendor).toMatchObject({ name: 'Teak and Co', bankDetails: 'A/c 123\nIFSC HDFC0001' });
    await refusedAndNothingStored(
      () =>
        staffRequest(app, `/api/vendors/${vendor.id}`, employee, {
          method: 'PUT',
          body: { name: 'Teak and Co', category: 'civil', phone: uniquePhone(), version: vendor.version, city: 'Hyderabad\u0000' },
        }),
      { city: TEXT_NOT_ALLOWED },
    );
    // The refused edit changed nothing: the version it named is still the current one.
    const edit = await staffRequest(app, `/api/vendors/${vendor.id}`, employee, {
      method: 'PUT',
      body: { name: 'Teak and Co', category: 'civil', phone: uniquePhone(), version: vendor.version, city: 'Hyderabad' },
    });
    expect(edit.status).toBe(200);
    expect(await json<{ version: number; city: string }>(edit)).toMatchObject({ version: vendor.version + 1, city: 'Hyderabad' });
  });
});
