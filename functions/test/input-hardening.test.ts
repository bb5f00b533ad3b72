import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { classifyImportRows } from '../src/db/lead-bulk-repo';
import { createStaffApp, json, postJson, staffRequest, type TestApp, uniquePhone, validContact, validEstimate } from './helpers';

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
