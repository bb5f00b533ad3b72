import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationAnswer } from '@app/shared-types/integrations';
import type { LeadDetail } from '@app/shared-types/leads';
import { keys } from '../src/db/keys';
import { metaSignature } from '../src/integrations/webhooks';
import { runOutboxSender } from '../src/jobs/outbox';
import { TASK_RUNNERS } from '../src/jobs/tasks';
import { findLeadIdByPhone } from '../src/leads/lead-repo';
import { fileFieldCrypto } from '../src/secrets/field-crypto';
import { createTestApp, json, postForm, signedInStaff, staffRequest, TEST_IP_HEADER, uniquePhone, validContact, validEstimate, type TestApp, type TestClock } from './helpers';

/**
 * Issue 26, speed-to-lead: the WhatsApp template acknowledgement through the Cloud API (a fake Graph
 * server on 127.0.0.1, META_GRAPH_URL), and the Integrations card's refresh token, template and
 * 'Regenerate'.
 */

const WA_SECRET = 'whatsapp-app-secret-for-ack-tests';
const WA_TOKEN = 'wa-cloud-token-for-ack-tests';
const REFRESH_TOKEN = 'refresh-token-never-answered-back';

interface SentMessage {
  path: string;
  authorization: string;
  body: { to: string; [key: string]: unknown };
}

/** The fake Cloud API: every POST it was sent; `failures` answers that many with 500 first. */
const graph = { sent: [] as SentMessage[], failures: 0, server: undefined as Server | undefined };

let app: TestApp;
let db: Awaited<ReturnType<typeof createTestApp>>['db'];
let clock: TestClock;
let admin: string;
const crypto = fileFieldCrypto(join(mkdtempSync(join(tmpdir(), 'pii-')), 'pii-data-key'));

const WHATSAPP = { isActive: true, phoneNumberId: '5566', appSecret: WA_SECRET, accessToken: WA_TOKEN, configuration: { templateName: 'lead_thank_you', templateLanguage: 'en_US' } };

const saveWhatsapp = async (changes: Record<string, unknown> = {}) => {
  const saved = await staffRequest(app, '/api/integrations/whatsapp', admin, { method: 'PUT', body: { ...WHATSAPP, ...changes } });
  expect(saved.status, await saved.clone().text()).toBe(200);
  return json<IntegrationAnswer>(saved);
};

beforeAll(async () => {
  graph.server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      if (graph.failures > 0) {
        graph.failures--;
        response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"An unknown error has occurred."}}');
        return;
      }
      graph.sent.push({ path: request.url ?? '', authorization: request.headers.authorization ?? '', body: JSON.parse(raw) as SentMessage['body'] });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"messaging_product":"whatsapp","messages":[{"id":"wamid.sent"}]}');
    });
  });
  await new Promise<void>((resolve) => graph.server!.listen(0, '127.0.0.1', resolve));
  process.env.META_GRAPH_URL = `http://127.0.0.1:${(graph.server.address() as AddressInfo).port}`;
  ({ app, db, clock } = await createTestApp({ fieldCrypto: crypto }));
  admin = (await signedInStaff(app, db, 'admin')).cookie;
  await saveWhatsapp();
}, 60_000);

afterAll(async () => {
  delete process.env.META_GRAPH_URL;
  await new Promise((resolve) => graph.server?.close(resolve));
});

const runOutbox = () => runOutboxSender(db, clock.now(), { tasks: TASK_RUNNERS, mailer: () => Promise.reject(new Error('no mail in this test')), fieldCrypto: crypto });
/** The messages the Cloud API got for a phone (10 digits, Indian). */
const sentTo = (phone: string) => graph.sent.filter((message) => message.body.to === `91${phone}`);
const outboxItem = async (id: string) => (await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.outbox(id), ConsistentRead: true }))).Item;

async function leadOf(phone: string): Promise<LeadDetail> {
  const id = await findLeadIdByPhone(db, phone, true);
  expect(id, `a lead of ${phone}`).toBeDefined();
  return json<LeadDetail>(staffRequest(app, `/api/leads/${id}`, admin));
}

async function contact(phone: string, extra: Record<string, unknown> = {}) {
  const response = await postForm(app, '/api/contact', { ...validContact, firstName: 'Divya', lastName: 'Rao', phone, ...extra });
  expect(response.status, await response.clone().text()).toBe(201);
}

async function whatsapp(): Promise<IntegrationAnswer> {
  const all = await json<IntegrationAnswer[]>(staffRequest(app, '/api/integrations', admin));
  return all.find((entry) => entry.platform === 'whatsapp')!;
}

describe('the WhatsApp template acknowledgement', () => {
  it('goes once to a new website lead who agreed: the right path, token and body, its consent kept on the lead', async () => {
    const phone = uniquePhone();
    await contact(phone, { whatsappConsent: true });
    const { lead } = await leadOf(phone);
    expect(lead).toMatchObject({ whatsappConsent: true });
    expect(lead.whatsappConsentAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await runOutbox();
    await runOutbox();
    expect(sentTo(phone)).toEqual([
      {
        path: '/v21.0/5566/messages',
        authorization: `Bearer ${WA_TOKEN}`,
        body: {
          messaging_product: 'whatsapp',
          to: `91${phone}`,
          type: 'template',
          template: { name: 'lead_thank_you', language: { code: 'en_US' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Divya' }] }] },
        },
      },
    ]);
    expect(await outboxItem(`wa-ack-${lead.id}`)).toMatchObject({ status: 'sent' });
    // The same person again (a repeat submission): no second message.
    await contact(phone, { whatsappConsent: true });
    await runOutbox();
    expect(sentTo(phone)).toHaveLength(1);
  });

  it("goes to a calculator lead who agreed, and to nobody who did not", async () => {
    const agreed = uniquePhone();
    const silent = uniquePhone();
    for (const [phone, consent] of [[agreed, true], [silent, false]] as const) {
      const response = await postForm(app, '/api/calculator', { ...validEstimate, name: 'Meera Iyer', phone, whatsappConsent: consent });
      expect(response.status, await response.clone().text()).toBe(201);
    }
    await postForm(app, '/api/contact', { ...validContact, phone: uniquePhone() });
    await runOutbox();
    expect(sentTo(agreed).map((message) => message.body.template)).toMatchObject([{ components: [{ parameters: [{ text: 'Meera' }] }] }]);
    expect(sentTo(silent)).toHaveLength(0);
    expect((await leadOf(silent)).lead.whatsappConsent).toBeUndefined();
  });

  it('goes to a person who wrote first on WhatsApp, once; never to the test contact of Send test event', async () => {
    const from = `91${uniquePhone()}`;
    const raw = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: '1', changes: [{ field: 'messages', value: { contacts: [{ wa_id: from, profile: { name: 'Arjun Reddy' } }], messages: [{ id: `wamid.ack-${from}`, from, timestamp: '1700000000', type: 'text', text: { body: 'Hi, I need a quote' } }] } }] }],
    });
    const posted = await app.request('/api/webhooks/meta', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TEST_IP_HEADER]: '203.0.113.10', 'x-hub-signature-256': metaSignature(raw, WA_SECRET) },
      body: raw,
    });
    expect(posted.status).toBe(200);
    // The message makes the lead (first run); its thank-you is queued in the lead's commit and goes next.
    await runOutbox();
    await runOutbox();
    const test = await staffRequest(app, '/api/integrations/whatsapp/test-event', admin, { method: 'POST' });
    expect(test.status).toBe(200);
    await runOutbox();
    await runOutbox();
    expect(graph.sent.filter((message) => message.body.to === from)).toMatchObject([{ body: { template: { components: [{ parameters: [{ text: 'Arjun' }] }] } } }]);
    expect(graph.sent.filter((message) => message.body.to === '919000000028')).toHaveLength(0);
  });

  it('sends nothing for spam, nor while the integration is off or has no template', async () => {
    const spam = uniquePhone();
    await contact(spam, { whatsappConsent: true, website: 'http://spam.example' });
    await saveWhatsapp({ isActive: false });
    const off = uniquePhone();
    await contact(off, { whatsappConsent: true });
    await runOutbox();
    await saveWhatsapp({ configuration: { templateName: '', templateLanguage: 'en' } });
    const blank = uniquePhone();
    await contact(blank, { whatsappConsent: true });
    await runOutbox();
    await saveWhatsapp();
    await runOutbox();
    expect([...sentTo(spam), ...sentTo(off), ...sentTo(blank)]).toHaveLength(0);
    expect(await outboxItem(`wa-ack-${(await leadOf(off)).lead.id}`)).toMatchObject({ status: 'skipped', lastError: 'The WhatsApp integration is off' });
    expect(await outboxItem(`wa-ack-${(await leadOf(blank)).lead.id}`)).toMatchObject({ status: 'skipped' });
  });

  it('is delivered once after a Cloud API failure, the error and then the success in health', async () => {
    const phone = uniquePhone();
    graph.failures = 1;
    await contact(phone, { whatsappConsent: true });
    const first = await runOutbox();
    expect(first.retrying).toBeGreaterThanOrEqual(1);
    expect(sentTo(phone)).toHaveLength(0);
    const failed = await whatsapp();
    expect(failed.health.lastError).toContain('The WhatsApp Cloud API answered 500');
    expect(failed.health.lastErrorAt).not.toBeNull();
    clock.advance(2 * 60_000);
    await runOutbox();
    await runOutbox();
    expect(sentTo(phone)).toHaveLength(1);
    const after = await whatsapp();
    expect(after.lastSync! > after.health.lastErrorAt!).toBe(true);
  });

  it("refuses a consent that is not true or false with 400 and the field's message", async () => {
    for (const [path, body] of [
      ['/api/contact', { ...validContact, phone: uniquePhone(), whatsappConsent: 'yes' }],
      ['/api/contact', { ...validContact, phone: uniquePhone(), whatsappConsent: { value: true } }],
      ['/api/calculator', { ...validEstimate, phone: uniquePhone(), whatsappConsent: 'true' }],
    ] as const) {
      const response = await postForm(app, path, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ fields: { whatsappConsent: 'WhatsApp updates must be true or false' } });
    }
  });
});

describe('Settings > Integrations: refresh token, template and Regenerate', () => {
  it('keeps the refresh token sealed and never answers it back', async () => {
    const saved = await staffRequest(app, '/api/integrations/meta', admin, { method: 'PUT', body: { isActive: false, refreshToken: REFRESH_TOKEN } });
    const text = await saved.text();
    expect(saved.status, text).toBe(200);
    expect(text).not.toContain(REFRESH_TOKEN);
    const listed = await (await staffRequest(app, '/api/integrations', admin)).text();
    expect(listed).not.toContain(REFRESH_TOKEN);
    const meta = (JSON.parse(listed) as IntegrationAnswer[]).find((entry) => entry.platform === 'meta')!;
    expect(meta.secretsSet).toMatchObject({ refreshToken: true });
    const stored = (await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.integration('meta'), ConsistentRead: true }))).Item;
    expect(JSON.stringify(stored)).not.toContain(REFRESH_TOKEN);
    const audit = await db.doc.send(new QueryCommand({ TableName: db.table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'AUDIT#meta' } }));
    expect(JSON.stringify(audit.Items ?? [])).not.toContain(REFRESH_TOKEN);
  });

  it('keeps the WhatsApp template, validated', async () => {
    expect((await whatsapp()).configuration).toEqual({ templateName: 'lead_thank_you', templateLanguage: 'en_US' });
    for (const [configuration, field, message] of [
      [{ templateName: 'Lead Thank-You', templateLanguage: 'en' }, 'configuration.templateName', 'lowercase letters, digits and underscores'],
      [{ templateName: 'x'.repeat(513), templateLanguage: 'en' }, 'configuration.templateName', '512'],
      [{ templateName: 'ok', templateLanguage: 'english' }, 'configuration.templateLanguage', 'en, en_US, te or hi'],
    ] as const) {
      const refused = await staffRequest(app, '/api/integrations/whatsapp', admin, { method: 'PUT', body: { ...WHATSAPP, configuration } });
      expect(refused.status).toBe(400);
      const body = await json<{ fields: Record<string, string> }>(refused);
      expect(body.fields[field]).toContain(message);
    }
  });

  it('regenerates the verify token: the old one is refused, the new one answers, audited; admins only', async () => {
    const old = (await whatsapp()).verifyToken;
    const verify = (token: string) => app.request(`/api/webhooks/meta?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=42`, { headers: { [TEST_IP_HEADER]: '203.0.113.11' } });
    expect((await verify(old)).status).toBe(200);
    const { cookie: manager } = await signedInStaff(app, db, 'manager');
    expect((await staffRequest(app, '/api/integrations/whatsapp/regenerate-token', manager, { method: 'POST' })).status).toBe(403);
    expect((await whatsapp()).verifyToken).toBe(old);
    const regenerated = await staffRequest(app, '/api/integrations/whatsapp/regenerate-token', admin, { method: 'POST' });
    expect(regenerated.status).toBe(200);
    const fresh = (await json<IntegrationAnswer>(regenerated)).verifyToken;
    expect(fresh).not.toBe(old);
    expect(fresh.length).toBeGreaterThanOrEqual(24);
    expect((await verify(old)).status).toBe(403);
    const ok = await verify(fresh);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('42');
    const audit = await db.doc.send(new QueryCommand({ TableName: db.table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'AUDIT#whatsapp' } }));
    const entries = JSON.stringify(audit.Items ?? []);
    expect(entries).toContain('verifyToken');
    expect(entries).not.toContain(fresh);
    expect((await staffRequest(app, '/api/integrations/google/regenerate-token', admin, { method: 'POST' })).status).toBe(400);
  });
});
