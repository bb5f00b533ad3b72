import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { estimateCost } from '@app/shared-types/pricing';
import type { Db } from '../src/db/client';
import { keys } from '../src/db/keys';
import { findLeadIdByPhone, getLead, listTimeline, listLeads } from '../src/leads/lead-repo';
import { normalizePhone } from '@app/shared-types/phone';
import { seedFirstStart } from '../src/local/seed';
import { createTestApp, formTokenOf, json, newVisitorIp, postForm, postJson, TEST_IP_HEADER, validContact, validEstimate, type TestApp, type TestClock } from './helpers';

let app: TestApp;
let db: Db;
let clock: TestClock;

beforeAll(async () => {
  ({ app, db, clock } = await createTestApp());
  await seedFirstStart(db);
});

const uniquePhone = () => `9${Math.floor(100_000_000 + Math.random() * 899_999_999)}`;

async function listSpam(kind: 'ESTIMATES' | 'CONTACTS') {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.submissions(kind, true) },
    }),
  );
  return Items;
}

describe('POST /api/calculator', () => {
  it('computes the estimate on the server, stores it and answers 201 with it', async () => {
    const phone = uniquePhone();
    const response = await postForm(app, '/api/calculator', { ...validEstimate, phone });
    expect(response.status).toBe(201);
    const body = (await response.json()) as Record<string, unknown>;
    const expected = estimateCost({ bhk: '3bhk', area: 1450, material: 'premium', rooms: 'all' });
    expect(body).toMatchObject(expected);
    expect(body.id).toEqual(expect.any(String));

    const { Item } = await db.doc.send(
      new GetCommand({ TableName: db.table, Key: keys.estimate(String(body.id)) }),
    );
    expect(Item).toMatchObject({ ...validEstimate, phone, ...expected, spam: false });
    expect(Item?.leadId).toEqual(expect.any(String));
  });

  it('creates exactly one New lead with source Website and a timeline entry', async () => {
    const phone = uniquePhone();
    await postForm(app, '/api/calculator', { ...validEstimate, phone, email: '' });
    const leadId = await findLeadIdByPhone(db, phone);
    expect(leadId).toBeDefined();
    const lead = await getLead(db, leadId!);
    expect(lead).toMatchObject({
      name: 'Ananya Iyer',
      phone,
      source: 'Website',
      status: 'New',
      projectType: '3BHK',
      location: 'Hyderabad',
      version: 1,
    });
    const timeline = await listTimeline(db, leadId!);
    expect(timeline).toHaveLength(1);
    expect(timeline[0]).toMatchObject({ type: 'form_submission', createdBy: 'Website' });
    expect(timeline[0]?.content).toContain('1450 sq ft');
  });

  it("keeps the estimate on the lead: its range, and its midpoint as the budget (not ₹0)", async () => {
    const phone = uniquePhone();
    const response = await postForm(app, '/api/calculator', { ...validEstimate, phone });
    const { minCost, maxCost, totalCost } = (await response.json()) as { minCost: number; maxCost: number; totalCost: number };
    const lead = await getLead(db, (await findLeadIdByPhone(db, phone))!);
    expect(lead?.estimate).toEqual({ min: minCost, max: maxCost });
    expect(lead?.budget).toBe(Math.round(totalCost));
    expect(lead?.budget).toBeGreaterThan(0);
  });

  it('answers 400 with a message per invalid field, using the form schema', async () => {
    const response = await postForm(app, '/api/calculator', { bhk: 'castle', area: 'big', phone: '12' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'Validation failed',
      fields: {
        bhk: 'Choose a property type',
        area: 'Carpet area must be a number',
        material: 'Material preference is required',
        rooms: 'Rooms to design is required',
        name: 'Full name is required',
        phone: 'Enter a valid phone number (at least 10 digits)',
        city: 'City is required',
      },
    });
  });

  it('rejects the default carpet area of 0 with a clear message', async () => {
    const response = await postForm(app, '/api/calculator', { ...validEstimate, area: 0 });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fields: { area: 'Carpet area must be at least 100 sq ft' } });
  });

  it('drops unknown fields instead of storing them', async () => {
    const response = await postForm(app, '/api/calculator', {
      ...validEstimate,
      phone: uniquePhone(),
      isAdmin: true,
      totalCost: 1,
      pk: 'SETTINGS',
    });
    expect(response.status).toBe(201);
    const { id, totalCost } = (await response.json()) as { id: string; totalCost: number };
    expect(totalCost).toBeGreaterThan(1);
    const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.estimate(id) }));
    expect(Item).not.toHaveProperty('isAdmin');
    expect(Item?.pk).toBe(`ESTIMATE#${id}`);
  });

  it('answers 413 to a body over 16 KiB', async () => {
    const response = await postForm(app, '/api/calculator', { ...validEstimate, name: 'x'.repeat(17 * 1024) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'Request body too large (16 KiB at most)' });
  });

  it('answers 415 unless the body is declared JSON', async () => {
    const response = await app.request('/api/calculator', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-test-client-ip': newVisitorIp() },
      body: 'name=x',
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: 'Content-Type must be application/json' });
  });

  it('answers 400 to malformed JSON and to JSON that is not an object', async () => {
    const malformed = await postJson(app, '/api/calculator', '{"name": ');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: 'Malformed JSON in request body' });
    for (const body of ['[]', 'null', '42', '"text"']) {
      const response = await postJson(app, '/api/calculator', body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'Request body must be a JSON object' });
    }
  });

  it('accepts a filled honeypot silently, stores it as spam and creates no lead', async () => {
    const phone = uniquePhone();
    const response = await postForm(app, '/api/calculator', { ...validEstimate, phone, website: 'http://spam.example' });
    expect(response.status).toBe(201);
    expect(await response.json()).toHaveProperty('totalCost');
    expect(await findLeadIdByPhone(db, phone)).toBeUndefined();
    const spam = await listSpam('ESTIMATES');
    expect(spam.some((item) => item.phone === phone && item.honeypot === 'http://spam.example')).toBe(true);
  });

  it('answers 429 with Retry-After after 10 submissions a minute from one IP', async () => {
    // The limit counts in fixed minutes: the 11 requests share one.
    clock.toNextMinute();
    const ip = newVisitorIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const path = i % 2 === 0 ? '/api/calculator' : '/api/contact';
      const body = i % 2 === 0 ? { ...validEstimate, phone: uniquePhone() } : { ...validContact, phone: uniquePhone() };
      const response = await postForm(app, path, body, ip);
      statuses.push(response.status);
      if (response.status === 429) {
        const retryAfter = Number(response.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
        expect(await response.json()).toEqual({ error: 'Too many requests. Please try again in a minute.' });
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another visitor is not affected.
    expect((await postForm(app, '/api/calculator', { ...validEstimate, phone: uniquePhone() })).status).toBe(201);
  });

  it('never answers 500, whatever the body', async () => {
    const bodies: unknown[] = [
      {},
      { bhk: null, area: null, material: [], rooms: {}, name: 5, phone: true, city: ['x'] },
      { ...validEstimate, area: 1e308 },
      { ...validEstimate, area: -5 },
      { ...validEstimate, area: '1450' },
      { ...validEstimate, email: 'not-an-email' },
      { ...validEstimate, name: '   ' },
      { ...validEstimate, phone: '+91 (99887) 766-55', website: { nested: true } },
      { ...validEstimate, __proto__: { polluted: true } },
      { ...validEstimate, name: '\u0000\uFFFF🙂' },
    ];
    for (const body of bodies) {
      const response = await postForm(app, '/api/calculator', { ...(body as object), phone: (body as { phone?: unknown }).phone ?? uniquePhone() });
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
    }
  });
});

describe('POST /api/contact', () => {
  it.each([
    ['residential', '', 'Project type: Residential. We want to redo our kitchen and living room.'],
    ['consultation', '', 'Project type: Consultation. We want to redo our kitchen and living room.'],
    ['commercial', 'Commercial', 'We want to redo our kitchen and living room.'],
  ])('keeps the project type %s on the lead', async (projectType, leadType, requirements) => {
    const phone = uniquePhone();
    expect((await postForm(app, '/api/contact', { ...validContact, phone, projectType })).status).toBe(201);
    const lead = await getLead(db, (await findLeadIdByPhone(db, phone))!);
    expect(lead).toMatchObject({ projectType: leadType, requirements });
  });

  it('stores the message and creates a lead with all six fields', async () => {
    const phone = uniquePhone();
    const response = await postForm(app, '/api/contact', { ...validContact, phone });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.contactSubmission(id) }));
    expect(Item).toMatchObject({ ...validContact, phone, spam: false });

    const lead = await getLead(db, (await findLeadIdByPhone(db, phone))!);
    expect(lead).toMatchObject({
      name: 'Rahul Menon',
      email: 'rahul@example.com',
      phone,
      projectType: 'Renovation',
      requirements: validContact.message,
      source: 'Website',
      status: 'New',
    });
  });

  it('needs first name, last name, email and phone; project type and message are optional', async () => {
    const missing = await postForm(app, '/api/contact', {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      error: 'Validation failed',
      fields: {
        firstName: 'First name is required',
        lastName: 'Last name is required',
        email: 'Email address is required',
        phone: 'Phone number is required',
      },
    });
    const minimal = await postForm(app, '/api/contact', {
      firstName: 'A',
      lastName: 'B',
      email: 'ab@example.com',
      phone: uniquePhone(),
    });
    expect(minimal.status).toBe(201);
  });

  it('stores a filled honeypot as spam without a lead', async () => {
    const phone = uniquePhone();
    expect((await postForm(app, '/api/contact', { ...validContact, phone, website: 'x' })).status).toBe(201);
    expect(await findLeadIdByPhone(db, phone)).toBeUndefined();
    expect((await listSpam('CONTACTS')).some((item) => item.phone === phone)).toBe(true);
  });
});

describe('a submission whose lead cannot be written', () => {
  it('is refused as a whole: no 201, no submission stored without its lead', async () => {
    const phone = uniquePhone();
    // A phone marker that points at no lead: the merge into "that lead" cannot be written.
    await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...keys.leadPhone(normalizePhone(phone)), entityType: 'LeadPhone', leadId: 'gone' } }));
    const response = await postForm(app, '/api/contact', { ...validContact, phone });
    expect(response.status).toBeGreaterThanOrEqual(500);
    const stored = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        FilterExpression: 'phone = :phone',
        ExpressionAttributeValues: { ':pk': keys.submissions('CONTACTS', false), ':phone': phone },
      }),
    );
    expect(stored.Items).toEqual([]);
  });
});

describe('the same phone from two submissions', () => {
  it('adds a timeline entry to the existing lead instead of creating a duplicate', async () => {
    const digits = uniquePhone();
    await postForm(app, '/api/calculator', { ...validEstimate, phone: digits, email: '' });
    // The same number written the way people do: country code, spaces, dashes.
    const formatted = `+91 ${digits.slice(0, 5)}-${digits.slice(5)}`;
    await postForm(app, '/api/contact', { ...validContact, phone: formatted });

    const leadId = await findLeadIdByPhone(db, digits);
    const lead = await getLead(db, leadId!);
    expect(lead?.name).toBe('Ananya Iyer');
    // The first submission had no email; the later one fills it in.
    expect(lead?.email).toBe('rahul@example.com');
    const timeline = await listTimeline(db, leadId!);
    // Newest first.
    expect(timeline.map((entry) => entry.content.split(':')[0])).toEqual(['Contact form (Renovation)', 'Cost calculator']);

    const { items } = await listLeads(db, { sort: 'created', limit: 1000 });
    expect(items.filter((item) => normalizePhone(item.phone) === digits)).toHaveLength(1);
  });

  it('keeps one lead when submissions with the same phone race each other', async () => {
    const phone = uniquePhone();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => postForm(app, '/api/calculator', { ...validEstimate, phone })),
    );
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const { items } = await listLeads(db, { sort: 'created', limit: 1000 });
    const matching = items.filter((item) => normalizePhone(item.phone) === phone);
    expect(matching).toHaveLength(1);
    expect(await listTimeline(db, matching[0]!.id)).toHaveLength(5);
  });
});

describe('a form sent faster than a person can fill it (issue 11, item 13)', () => {
  it.each([
    ['calculator', '/api/calculator', validEstimate, 'ESTIMATES'],
    ['contact form', '/api/contact', validContact, 'CONTACTS'],
  ] as const)('%s: under 3 s is answered like a success but stored as spam, with no lead', async (_name, path, valid, kind) => {
    const phone = uniquePhone();
    const human = await postForm(app, path, { ...valid, phone: uniquePhone(), formToken: formTokenOf(app, 12_000) });
    // The form's token says it was shown 0.9 s ago (the server's clock), whatever the client claims.
    const response = await postForm(app, path, { ...valid, phone, formToken: formTokenOf(app, 900), elapsedMs: 12_000 });
    expect(response.status).toBe(201);
    // The same shape as a person's answer: a bot cannot tell.
    expect(Object.keys(await json<object>(response)).sort()).toEqual(Object.keys(await json<object>(human)).sort());
    expect(await findLeadIdByPhone(db, phone)).toBeUndefined();
    const stored = (await listSpam(kind)).find((item) => item.phone === phone);
    expect(stored).toMatchObject({ spam: true, spamReason: 'too fast' });
    expect(stored?.elapsedMs).toBeGreaterThanOrEqual(900);
    expect(stored?.elapsedMs).toBeLessThan(3_000);
  });

  it.each([
    ['calculator', '/api/calculator', validEstimate],
    ['contact form', '/api/contact', validContact],
  ] as const)('%s: a person (3 s or more) and an older client (no time sent) get their lead', async (_name, path, valid) => {
    for (const elapsed of [{ elapsedMs: 3_000 }, { elapsedMs: 95_000 }, {}, { elapsedMs: 'soon' }]) {
      const phone = uniquePhone();
      expect((await postJson(app, path, { ...valid, phone, ...elapsed })).status).toBe(201);
      expect(await findLeadIdByPhone(db, phone), JSON.stringify(elapsed)).toBeDefined();
    }
  });
});

/** A token from GET /api/form-token, as a form gets when it is shown. */
async function fetchFormToken(): Promise<string> {
  const response = await app.request('/api/form-token', { headers: { [TEST_IP_HEADER]: newVisitorIp() } });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const { token } = await json<{ token: string }>(response);
  expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
  return token;
}

describe('the time trap measured by the server (issue 24, low 4)', () => {
  const forms = [
    ['calculator', '/api/calculator', validEstimate, 'ESTIMATES'],
    ['contact form', '/api/contact', validContact, 'CONTACTS'],
  ] as const;

  /** Sends the form and expects it answered like a person's, stored as spam for `reason`, with no lead. */
  async function expectSpam(path: string, body: object, kind: 'ESTIMATES' | 'CONTACTS', reason: string) {
    const phone = uniquePhone();
    const response = await postJson(app, path, { ...body, phone });
    expect(response.status).toBe(201);
    expect(await findLeadIdByPhone(db, phone)).toBeUndefined();
    expect((await listSpam(kind)).find((item) => item.phone === phone)).toMatchObject({ spam: true, spamReason: reason });
  }

  /**
   * Sends the form and expects a person's lead, flagged: nothing told its fill time (`formCheck` on the
   * submission), and, for what was sent, a sentence on the lead's timeline entry for staff.
   */
  async function expectFlaggedLead(path: string, body: object, formCheck: string, note?: string) {
    const phone = uniquePhone();
    const response = await postJson(app, path, { ...body, phone });
    expect(response.status).toBe(201);
    const leadId = await findLeadIdByPhone(db, phone);
    expect(leadId, JSON.stringify(body)).toBeDefined();
    const { id } = await json<{ id: string }>(response);
    const key = path === '/api/calculator' ? keys.estimate(id) : keys.contactSubmission(id);
    const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: key }));
    expect(Item).toMatchObject({ spam: false, formCheck });
    expect(Item).not.toHaveProperty('elapsedMs');
    const timeline = await listTimeline(db, leadId!);
    if (note) expect(timeline.some((entry) => entry.content.includes(note)), JSON.stringify(timeline)).toBe(true);
  }

  it.each(forms)('%s: no token, or only a time the client claims, is a lead flagged as unchecked (a person whose token fetch failed is not lost)', async (_name, path, valid) => {
    await expectFlaggedLead(path, valid, 'no form token', "Sent without the website form's check: it may be automated.");
    await expectFlaggedLead(path, { ...valid, elapsedMs: 999_999 }, 'no form token', "Sent without the website form's check");
    await expectFlaggedLead(path, { ...valid, formToken: '' }, 'no form token');
  });

  it.each(forms)('%s: a forged, malformed or tampered token is stored as spam', async (_name, path, valid, kind) => {
    const real = await fetchFormToken();
    clock.advance(10_000);
    const forged = Buffer.from(real, 'base64url');
    forged[forged.length - 1]! ^= 1;
    // An earlier issue time under the real MAC.
    const backdated = Buffer.from(real, 'base64url');
    backdated[0]! ^= 1;
    for (const formToken of [forged.toString('base64url'), backdated.toString('base64url'), 'not-a-token', `${real}x`, 12345]) {
      await expectSpam(path, { ...valid, formToken }, kind, 'forged form token');
    }
  });

  it.each(forms)('%s: a token issued just now is too fast for a person: stored as spam', async (_name, path, valid, kind) => {
    const formToken = await fetchFormToken();
    clock.advance(1_000);
    await expectSpam(path, { ...valid, formToken, elapsedMs: 60_000 }, kind, 'too fast');
  });

  it.each(forms)('%s: a token issued 10 s earlier is a person: a lead, with the time the server measured', async (_name, path, valid) => {
    const formToken = await fetchFormToken();
    clock.advance(10_000);
    const phone = uniquePhone();
    const response = await postJson(app, path, { ...valid, phone, formToken, elapsedMs: 5 });
    expect(response.status).toBe(201);
    expect(await findLeadIdByPhone(db, phone)).toBeDefined();
    const { id } = await json<{ id: string }>(response);
    const key = path === '/api/calculator' ? keys.estimate(id) : keys.contactSubmission(id);
    const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: key }));
    expect(Item).toMatchObject({ spam: false });
    expect(Item?.elapsedMs).toBeGreaterThanOrEqual(10_000);
    expect(Item?.elapsedMs).toBeLessThan(60_000);
    expect(Item).not.toHaveProperty('formToken');
  });

  it.each(forms)('%s: a token older than a day (a tab left open) is a lead flagged as unchecked', async (_name, path, valid) => {
    const formToken = await fetchFormToken();
    clock.advance(24 * 60 * 60_000 + 1_000);
    await expectFlaggedLead(path, { ...valid, formToken }, 'expired form token', 'Sent from a form shown over a day earlier: not checked.');
  });
});
