import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationAnswer, TestEventAnswer } from '@app/shared-types/integrations';
import type { LeadDetail } from '@app/shared-types/leads';
import { keys } from '../src/db/keys';
import { metaSignature } from '../src/integrations/webhooks';
import { runOutboxSender } from '../src/jobs/outbox';
import { findLeadIdByPhone } from '../src/leads/lead-repo';
import { fileFieldCrypto } from '../src/secrets/field-crypto';
import { createTestApp, json, signedInStaff, staffRequest, TEST_IP_HEADER, uniquePhone, type TestApp, type TestClock } from './helpers';
import { TASK_RUNNERS } from '../src/jobs/tasks';

/**
 * Issue 26 acceptance 1: the Meta, WhatsApp and Google Ads webhooks against a
 * fake Graph API server on 127.0.0.1 (META_GRAPH_URL), with signed bodies.
 */

const APP_SECRET = 'meta-app-secret-for-tests';
const PAGE_TOKEN = 'page-access-token-for-tests';
const WA_SECRET = 'whatsapp-app-secret-for-tests';
const GOOGLE_KEY = 'google-key-for-tests';

/** The fake Graph API: leads by leadgen id; `down` answers 503 to everything. */
const graph = {
  leads: new Map<string, object>(),
  down: false,
  requests: [] as string[],
  server: undefined as Server | undefined,
};

let app: TestApp;
let db: Awaited<ReturnType<typeof createTestApp>>['db'];
let clock: TestClock;
let admin: string;
const crypto = fileFieldCrypto(join(mkdtempSync(join(tmpdir(), 'pii-')), 'pii-data-key'));

beforeAll(async () => {
  graph.server = createServer((request, response) => {
    graph.requests.push(request.url ?? '');
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const lead = graph.leads.get(url.pathname.replace('/v21.0/', ''));
    if (graph.down) {
      response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"message":"Service temporarily unavailable"}}');
    } else if (!lead || url.searchParams.get('access_token') !== PAGE_TOKEN) {
      response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"Unsupported get request"}}');
    } else {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(lead));
    }
  });
  await new Promise<void>((resolve) => graph.server!.listen(0, '127.0.0.1', resolve));
  process.env.META_GRAPH_URL = `http://127.0.0.1:${(graph.server.address() as AddressInfo).port}`;
  ({ app, db, clock } = await createTestApp({ fieldCrypto: crypto }));
  admin = (await signedInStaff(app, db, 'admin')).cookie;
  for (const [platform, body] of [
    ['meta', { isActive: true, pageId: '1122', appSecret: APP_SECRET, accessToken: PAGE_TOKEN }],
    ['whatsapp', { isActive: true, phoneNumberId: '5566', appSecret: WA_SECRET, accessToken: 'wa-token' }],
    ['google', { isActive: true, googleKey: GOOGLE_KEY }],
  ] as const) {
    const saved = await staffRequest(app, `/api/integrations/${platform}`, admin, { method: 'PUT', body });
    expect(saved.status, await saved.clone().text()).toBe(200);
  }
});

afterAll(async () => {
  delete process.env.META_GRAPH_URL;
  await new Promise((resolve) => graph.server?.close(resolve));
});

const request = (path: string, init: { method?: string; body?: string; headers?: Record<string, string> }) =>
  app.request(path, { method: init.method ?? 'POST', headers: { 'content-type': 'application/json', [TEST_IP_HEADER]: '203.0.113.9', ...init.headers }, body: init.body });

/** A Meta-signed POST (signed with `secret`, or not at all with null). */
function postMeta(body: object | string, secret: string | null = APP_SECRET) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return request('/api/webhooks/meta', { body: raw, headers: secret ? { 'x-hub-signature-256': metaSignature(raw, secret) } : {} });
}

const leadgenEvent = (leadgenId: string) => ({
  object: 'page',
  entry: [{ id: '1122', time: 1_700_000_000, changes: [{ field: 'leadgen', value: { leadgen_id: leadgenId, page_id: '1122', form_id: 'F-9', ad_id: 'AD-1', created_time: 1_700_000_000 } }] }],
});

/** What the Graph API answers for a lead of `phone`. */
function graphLead(leadgenId: string, phone: string, platform: 'fb' | 'ig' = 'fb') {
  graph.leads.set(leadgenId, {
    id: leadgenId,
    created_time: '2026-11-27T10:00:00+0000',
    ad_id: 'AD-1',
    adset_id: 'AS-7',
    campaign_id: 'CMP-diwali',
    form_id: 'F-9',
    platform,
    field_data: [
      { name: 'full_name', values: ['Priya Sharma'] },
      { name: 'phone_number', values: [phone] },
      { name: 'email', values: ['priya@example.com'] },
      { name: 'city', values: ['Hyderabad'] },
      { name: 'when_do_you_want_to_start', values: ['Within 3 months'] },
    ],
  });
}

const runOutbox = () => runOutboxSender(db, clock.now(), { tasks: TASK_RUNNERS, mailer: () => Promise.reject(new Error('no mail in this test')), fieldCrypto: crypto });

async function integration(platform: string): Promise<IntegrationAnswer> {
  const all = await json<IntegrationAnswer[]>(staffRequest(app, '/api/integrations', admin));
  return all.find((entry) => entry.platform === platform)!;
}

async function leadOf(phone: string): Promise<LeadDetail | undefined> {
  const id = await findLeadIdByPhone(db, phone, true);
  return id ? json<LeadDetail>(staffRequest(app, `/api/leads/${id}`, admin)) : undefined;
}

const outboxItem = async (id: string) => (await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.outbox(id), ConsistentRead: true }))).Item;

describe('Settings > Integrations', () => {
  it('never answers a secret back, and is for admins only', async () => {
    const text = await (await staffRequest(app, '/api/integrations', admin)).text();
    for (const secret of [APP_SECRET, PAGE_TOKEN, WA_SECRET, GOOGLE_KEY]) expect(text).not.toContain(secret);
    const meta = await integration('meta');
    expect(meta).toMatchObject({ isActive: true, pageId: '1122', webhookPath: '/api/webhooks/meta', secretsSet: { appSecret: true, accessToken: true } });
    expect(meta.verifyToken.length).toBeGreaterThanOrEqual(24);
    const { cookie } = await signedInStaff(app, db, 'manager');
    expect((await staffRequest(app, '/api/integrations', cookie)).status).toBe(403);
  });
});

describe('Meta lead ads: GET /api/webhooks/meta', () => {
  it("answers hub.challenge as text/plain for the right verify token, else 403", async () => {
    const { verifyToken } = await integration('meta');
    const ok = await request(`/api/webhooks/meta?hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=1158201444`, { method: 'GET' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await ok.text()).toBe('1158201444');
    expect((await request(`/api/webhooks/meta?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`, { method: 'GET' })).status).toBe(403);
    expect((await request(`/api/webhooks/meta?hub.mode=unsubscribe&hub.verify_token=${verifyToken}&hub.challenge=1`, { method: 'GET' })).status).toBe(403);
    expect((await request(`/api/webhooks/meta?hub.mode=subscribe&hub.challenge=1`, { method: 'GET' })).status).toBe(403);
  });
});

describe('Meta lead ads: POST /api/webhooks/meta', () => {
  it('refuses a missing or wrong signature with 401 and stores nothing', async () => {
    const before = (await integration('meta')).health;
    const event = leadgenEvent('LG-unsigned');
    expect((await postMeta(event, null)).status).toBe(401);
    expect((await postMeta(event, 'not-the-app-secret')).status).toBe(401);
    const raw = JSON.stringify(event);
    expect((await request('/api/webhooks/meta', { body: raw, headers: { 'x-hub-signature-256': 'sha256=00' } })).status).toBe(401);
    // Signed, then changed: the signature is of the bytes sent.
    expect((await request('/api/webhooks/meta', { body: `${raw} `, headers: { 'x-hub-signature-256': metaSignature(raw, APP_SECRET) } })).status).toBe(401);
    expect(await outboxItem('meta-lead-LG-unsigned')).toBeUndefined();
    expect((await integration('meta')).health).toEqual(before);
  });

  it("counts only signed events against the integration's allowance: unsigned requests never use it up", async () => {
    clock.toNextMinute();
    const window = async () =>
      (await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.rateLimit('webhook', 'meta', Math.floor(clock.now() / 60_000)), ConsistentRead: true }))).Item?.hits;
    // An event with no lead in it (nothing queued for the tests after this one), signed or not.
    const event = { object: 'page', entry: [] };
    for (let i = 0; i < 3; i += 1) expect((await postMeta(event, 'not-the-app-secret')).status).toBe(401);
    expect(await window()).toBeUndefined();
    expect((await postMeta(event)).status).toBe(200);
    expect(await window()).toBe(1);
  });

  it('refuses malformed JSON, prototype keys and a body over the limit once signed', async () => {
    expect((await postMeta('{"object": "page",')).status).toBe(400);
    expect((await postMeta('{"object":"page","entry":[{"__proto__":{"x":1}}]}')).status).toBe(400);
    expect((await postMeta({ object: 'page', pad: 'x'.repeat(70 * 1024) })).status).toBe(413);
  });

  it('answers 200 at once, then fetches the lead from the Graph API through the outbox', async () => {
    const phone = uniquePhone();
    graphLead('LG-1001', phone);
    const answer = await postMeta(leadgenEvent('LG-1001'));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ accepted: 1, ignored: 0 });
    // Nothing was fetched on the request path.
    expect(graph.requests.filter((url) => url.includes('LG-1001'))).toEqual([]);
    expect(await leadOf(phone)).toBeUndefined();

    await runOutbox();

    expect(graph.requests.filter((url) => url.startsWith('/v21.0/LG-1001?access_token='))).toHaveLength(1);
    const detail = (await leadOf(phone))!;
    expect(detail.lead).toMatchObject({
      name: 'Priya Sharma',
      email: 'priya@example.com',
      location: 'Hyderabad',
      source: 'Facebook Ads',
      platform: 'fb',
      campaignId: 'CMP-diwali',
      adSetId: 'AS-7',
      adId: 'AD-1',
      formId: 'F-9',
    });
    expect(detail.lead.requirements).toContain('when do you want to start: Within 3 months');
    expect(detail.timeline.filter((entry) => entry.type === 'form_submission')).toHaveLength(1);
    const health = (await integration('meta')).health;
    expect(health.accepted).toBeGreaterThanOrEqual(1);
    expect(health.lastEventAt).not.toBeNull();
    expect((await integration('meta')).lastSync).not.toBeNull();
  });

  it('makes one lead of a redelivered leadgen_id, even after its queue item is gone', async () => {
    const phone = uniquePhone();
    graphLead('LG-2002', phone);
    expect((await postMeta(leadgenEvent('LG-2002'))).status).toBe(200);
    await runOutbox();
    const ignoredBefore = (await integration('meta')).health.ignored;
    const again = await postMeta(leadgenEvent('LG-2002'));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ accepted: 0, ignored: 1 });
    expect((await integration('meta')).health.ignored).toBe(ignoredBefore + 1);
    // The queue item expires (TTL) after 30 days; Meta redelivering then still makes nothing twice (the claim in the lead's plan).
    await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.outbox('meta-lead-LG-2002') }));
    expect(await (await postMeta(leadgenEvent('LG-2002'))).json()).toMatchObject({ accepted: 1 });
    await runOutbox();
    expect((await outboxItem('meta-lead-LG-2002'))?.status).toBe('sent');
    const detail = (await leadOf(phone))!;
    expect(detail.timeline.filter((entry) => entry.type === 'form_submission')).toHaveLength(1);
  });

  it('loses no lead to a Graph outage: retried with backoff, the error in health, the lead after recovery', async () => {
    const phone = uniquePhone();
    graphLead('LG-3003', phone);
    graph.down = true;
    try {
      expect((await postMeta(leadgenEvent('LG-3003'))).status).toBe(200);
      const first = await runOutbox();
      expect(first.retrying).toBeGreaterThanOrEqual(1);
      expect(await leadOf(phone)).toBeUndefined();
      const item = await outboxItem('meta-lead-LG-3003');
      expect(item).toMatchObject({ status: 'pending', attempts: 1 });
      expect(String(item?.lastError)).toContain('503');
      const health = (await integration('meta')).health;
      expect(health.lastError).toContain('The Graph API answered 503 for lead LG-3003');
      expect(health.lastErrorAt).not.toBeNull();
      // Not due again before its backoff.
      await runOutbox();
      expect((await outboxItem('meta-lead-LG-3003'))?.attempts).toBe(1);
    } finally {
      graph.down = false;
    }
    clock.advance(2 * 60_000);
    await runOutbox();
    expect((await leadOf(phone))?.lead.source).toBe('Facebook Ads');
    expect((await outboxItem('meta-lead-LG-3003'))?.status).toBe('sent');
    // The error stays in health until looked at; the sync after it is newer.
    const after = await integration('meta');
    expect(after.health.lastError).toContain('503');
    expect(after.lastSync! > after.health.lastErrorAt!).toBe(true);
  });

  it("makes an Instagram lead of platform 'ig'", async () => {
    const phone = uniquePhone();
    graphLead('LG-4004', phone, 'ig');
    expect((await postMeta(leadgenEvent('LG-4004'))).status).toBe(200);
    await runOutbox();
    expect((await leadOf(phone))?.lead).toMatchObject({ source: 'Instagram', platform: 'ig', campaignId: 'CMP-diwali' });
  });

  it('adds to the timeline of the lead that has the phone already', async () => {
    const phone = uniquePhone();
    graphLead('LG-5005', phone);
    graphLead('LG-5006', phone);
    await postMeta(leadgenEvent('LG-5005'));
    await runOutbox();
    await postMeta(leadgenEvent('LG-5006'));
    await runOutbox();
    expect((await leadOf(phone))!.timeline.filter((entry) => entry.type === 'form_submission')).toHaveLength(2);
  });
});

const whatsappEvent = (messageId: string, from: string, body: string) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '0',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '914000000000', phone_number_id: '5566' },
            contacts: [{ wa_id: from, profile: { name: 'Kiran Reddy' } }],
            messages: [{ id: messageId, from, timestamp: '1732700000', type: 'text', text: { body } }],
          },
        },
      ],
    },
  ],
});

describe('WhatsApp Business inbound messages', () => {
  it('makes a WhatsApp lead of a first message, adds the next to its timeline, and handles a message id once', async () => {
    const from = `91${uniquePhone()}`;
    expect((await postMeta(whatsappEvent('wamid.A1', from, 'Hi, I need a quote for a 2BHK'), WA_SECRET)).status).toBe(200);
    await runOutbox();
    const first = (await leadOf(from))!;
    expect(first.lead).toMatchObject({ name: 'Kiran Reddy', source: 'WhatsApp', requirements: 'Hi, I need a quote for a 2BHK' });
    expect((await postMeta(whatsappEvent('wamid.A2', from, 'Can you call me tomorrow?'), WA_SECRET)).status).toBe(200);
    expect(await (await postMeta(whatsappEvent('wamid.A2', from, 'Can you call me tomorrow?'), WA_SECRET)).json()).toMatchObject({ accepted: 0, ignored: 1 });
    await runOutbox();
    const detail = (await leadOf(from))!;
    expect(detail.lead.id).toBe(first.lead.id);
    expect(detail.timeline.filter((entry) => entry.type === 'whatsapp').map((entry) => entry.content)).toEqual([
      'WhatsApp message from Kiran Reddy: Can you call me tomorrow?',
      'WhatsApp message from Kiran Reddy: Hi, I need a quote for a 2BHK',
    ]);
  });

  it('acknowledges statuses and ignores them', async () => {
    const statuses = { object: 'whatsapp_business_account', entry: [{ id: '0', changes: [{ field: 'messages', value: { statuses: [{ id: 'wamid.S', status: 'delivered' }] } }] }] };
    const answer = await postMeta(statuses, WA_SECRET);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ accepted: 0, ignored: 1 });
  });
});

function postGoogle(leadId: string, phone: string, key = GOOGLE_KEY, extra: object = {}) {
  return request('/api/webhooks/google-ads', {
    body: JSON.stringify({
      lead_id: leadId,
      api_version: '1.0',
      form_id: 40001,
      campaign_id: 1200345,
      adgroup_id: 7700123,
      creative_id: 5500999,
      gcl_id: 'TeSt123',
      google_key: key,
      is_test: false,
      user_column_data: [
        { column_name: 'Full Name', string_value: 'Anil Kumar', column_id: 'FULL_NAME' },
        { column_name: 'User Phone', string_value: phone, column_id: 'PHONE_NUMBER' },
        { column_name: 'User Email', string_value: 'anil@example.com', column_id: 'EMAIL' },
        { column_name: 'City', string_value: 'Secunderabad', column_id: 'CITY' },
        { column_name: 'Budget', string_value: '10-15 lakh', column_id: 'BUDGET' },
      ],
      ...extra,
    }),
  });
}

describe('Google Ads lead forms: POST /api/webhooks/google-ads', () => {
  it('refuses a wrong google_key with 403 and stores nothing', async () => {
    expect((await postGoogle('GL-wrong', uniquePhone(), 'not-the-key')).status).toBe(403);
    expect((await postGoogle('GL-wrong', uniquePhone(), '')).status).toBe(403);
    expect(await outboxItem('google-lead-GL-wrong')).toBeUndefined();
  });

  it('makes a Google Ads lead with its campaign, ad group and gclid, and handles a repeated lead_id once', async () => {
    const phone = uniquePhone();
    expect((await postGoogle('GL-1', phone)).status).toBe(200);
    expect(await (await postGoogle('GL-1', phone)).json()).toMatchObject({ accepted: 0, ignored: 1 });
    await runOutbox();
    const detail = (await leadOf(phone))!;
    expect(detail.lead).toMatchObject({ name: 'Anil Kumar', source: 'Google Ads', campaignId: '1200345', adSetId: '7700123', gclid: 'TeSt123', location: 'Secunderabad' });
    expect(detail.lead.isTest).toBeUndefined();
    expect(detail.lead.requirements).toContain('BUDGET: 10-15 lakh');
    expect(detail.timeline.filter((entry) => entry.type === 'form_submission')).toHaveLength(1);
  });

  it('marks a lead with is_test as a test', async () => {
    const phone = uniquePhone();
    expect((await postGoogle('GL-test', phone, GOOGLE_KEY, { is_test: true })).status).toBe(200);
    await runOutbox();
    expect((await leadOf(phone))?.lead.isTest).toBe(true);
  });
});

describe('an integration that is off', () => {
  it('acknowledges its events and counts them as ignored', async () => {
    const saved = await staffRequest(app, '/api/integrations/google', admin, { method: 'PUT', body: { isActive: false } });
    expect(saved.status).toBe(200);
    try {
      const before = (await integration('google')).health.ignored;
      const answer = await postGoogle('GL-off', uniquePhone());
      expect(answer.status).toBe(200);
      expect(await outboxItem('google-lead-GL-off')).toBeUndefined();
      expect((await integration('google')).health.ignored).toBe(before + 1);
      // The secret stayed (a blank one is kept).
      expect((await integration('google')).secretsSet.googleKey).toBe(true);
    } finally {
      await staffRequest(app, '/api/integrations/google', admin, { method: 'PUT', body: { isActive: true } });
    }
  });
});

describe("'Send test event'", () => {
  it('runs a signed sample through the real path of each platform', async () => {
    for (const platform of ['meta', 'whatsapp', 'google']) {
      const before = (await integration(platform)).health.accepted;
      const answer = await json<TestEventAnswer>(staffRequest(app, `/api/integrations/${platform}/test-event`, admin, { method: 'POST' }));
      expect(answer, platform).toEqual({ status: 200, message: 'Test event accepted' });
      expect((await integration(platform)).health.accepted, platform).toBe(before + 1);
    }
    await runOutbox();
    expect((await leadOf('+91 90000 00026'))?.lead).toMatchObject({ source: 'Facebook Ads', isTest: true });
    expect((await leadOf('+91 90000 00027'))?.lead).toMatchObject({ source: 'Google Ads', isTest: true });
  });
});
