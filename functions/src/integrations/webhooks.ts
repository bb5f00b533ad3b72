import { createHmac, timingSafeEqual } from 'node:crypto';
import { isRecord } from '@app/shared-types/guards';
import type { IntegrationPlatform } from '@app/shared-types/integrations';
import type { IntegrationTask } from '@app/shared-types/notifications';
import type { Db } from '../db/client';
import type { WriteContext } from '../db/entity';
import { plan, PlanConditionFailed } from '../db/plan';
import { reservedKeyFields } from '../lib/reserved-keys';
import { notify } from '../notify';
import type { FieldCrypto } from '../secrets/field-crypto';
import { countEvents, getIntegrationForWebhook as getIntegration, openSecret, type IntegrationItem } from './integration-repo';

/**
 * What the webhooks do with an event, apart from HTTP (the routes, and the
 * 'Send test event' button, which runs a signed sample through here):
 * check who sent it, then queue each event as an outbox task of its own id
 * (the Graph fetch, the lead) and count it. Nothing slow runs here: the
 * answer goes back at once, and the task runs from the outbox with backoff.
 */

export interface WebhookDeps {
  db: Db;
  fieldCrypto: FieldCrypto | undefined;
  ctx: WriteContext;
  /**
   * Counts a verified request against its integration's limit: an answer (429) when over it. Only
   * after the signature or key: unsigned requests must not use up the platform's own allowance.
   */
  admit?: (platform: IntegrationPlatform) => Promise<WebhookAnswer | undefined>;
}

export interface WebhookAnswer {
  status: 200 | 400 | 401 | 403 | 429;
  message: string;
  /** Seconds until a 429's window ends. */
  retryAfter?: number;
  accepted?: number;
  ignored?: number;
}

/** Equal texts, in time that does not depend on where they differ. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  // Lengths are compared after a full-length comparison of b with itself, so a mismatch in length takes as long.
  if (a.length !== b.length) {
    timingSafeEqual(b, b);
    return false;
  }
  return timingSafeEqual(a, b);
}

/** Meta's X-Hub-Signature-256 of a body: `sha256=` and the hex HMAC-SHA256 of the raw body with the app secret. */
export function metaSignature(raw: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`;
}

/** The JSON of a raw body once its sender is known: 400 for malformed JSON, a non-object or prototype keys. */
function parseBody(raw: Buffer): { body: Record<string, unknown> } | { refused: WebhookAnswer } {
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    return { refused: { status: 400, message: 'Malformed JSON' } };
  }
  if (!isRecord(value)) return { refused: { status: 400, message: 'Request body must be a JSON object' } };
  const reserved = reservedKeyFields(value);
  if (Object.keys(reserved).length > 0) return { refused: { status: 400, message: `Validation failed: ${Object.values(reserved).join('; ')}` } };
  return { body: value };
}

const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
/** An id a platform sends, as a key may hold it (anything else is not an event of ours). */
const eventId = (value: unknown): string => {
  const id = str(value);
  return /^[A-Za-z0-9._:=+-]{1,128}$/.test(id) ? id : '';
};

/** The outbox id of a task: the platform's own event id, so a redelivery is the same item. */
export const taskId = (task: IntegrationTask): string => {
  if (task.kind === 'integration.meta_lead') return `meta-lead-${task.leadgenId}`;
  if (task.kind === 'integration.google_lead') return `google-lead-${task.leadId}`;
  return `whatsapp-message-${task.messageId}`;
};

/**
 * Queues each task in one plan with its count: accepted when queued, ignored
 * when its id was queued before (a redelivery). One plan per task, so one
 * duplicate does not hold back the others of a batch.
 */
async function queue(deps: WebhookDeps, platform: IntegrationPlatform, tasks: IntegrationTask[], ignoredBesides: number): Promise<WebhookAnswer> {
  let accepted = 0;
  let ignored = ignoredBesides;
  for (const task of tasks) {
    try {
      await plan(deps.db, deps.ctx)
        .include((p) => notify(p, task, taskId(task)))
        .include((p) => countEvents(p, platform, { accepted: 1 }, deps.ctx.now))
        .commit();
      accepted++;
    } catch (error) {
      if (!(error instanceof PlanConditionFailed)) throw error;
      ignored++;
    }
  }
  if (ignored > 0) await plan(deps.db, deps.ctx).include((p) => countEvents(p, platform, { ignored }, deps.ctx.now)).commit();
  return { status: 200, message: 'EVENT_RECEIVED', accepted, ignored };
}

/** An event of an integration that is off: acknowledged, counted as ignored, nothing queued. */
async function ignoreAll(deps: WebhookDeps, platform: IntegrationPlatform, count: number): Promise<WebhookAnswer> {
  await plan(deps.db, deps.ctx).include((p) => countEvents(p, platform, { ignored: Math.max(1, count) }, deps.ctx.now)).commit();
  return { status: 200, message: 'EVENT_RECEIVED', accepted: 0, ignored: Math.max(1, count) };
}

/** The Meta-signed integrations (Meta lead ads and WhatsApp share the endpoint, each with its app secret). */
const META_SIGNED = ['meta', 'whatsapp'] as const;

/** GET /api/webhooks/meta: Meta's subscription check. The challenge for the right verify token of either integration, else 403. */
export async function verifySubscription(db: Db, query: { mode?: string; token?: string; challenge?: string }): Promise<{ status: 200 | 403; text: string }> {
  if (query.mode !== 'subscribe' || !query.token || query.challenge === undefined) return { status: 403, text: 'Forbidden' };
  const items = await Promise.all(META_SIGNED.map((platform) => getIntegration(db, platform)));
  const token = query.token;
  // Every stored token is compared (none skipped), so the time says nothing of which matched.
  const matches = items.map((item) => item.verifyToken !== '' && sameSecret(token, item.verifyToken));
  return matches.some(Boolean) ? { status: 200, text: query.challenge } : { status: 403, text: 'Forbidden' };
}

/** Which integration's app secret signed the body, if any (each compared in constant time). */
async function signer(deps: WebhookDeps, raw: Buffer, signature: string | undefined): Promise<IntegrationItem | undefined> {
  if (!signature || !deps.fieldCrypto) return undefined;
  const crypto = deps.fieldCrypto;
  const items = await Promise.all(META_SIGNED.map((platform) => getIntegration(deps.db, platform)));
  let found: IntegrationItem | undefined;
  for (const item of items) {
    const secret = await openSecret(crypto, item, 'appSecret');
    if (secret !== undefined && sameSecret(signature, metaSignature(raw, secret))) found ??= item;
  }
  return found;
}

/** Meta's leadgen changes of a page (or Instagram) event: one task per leadgen_id; other fields are ignored. */
function leadgenTasks(body: Record<string, unknown>): { tasks: IntegrationTask[]; ignored: number } {
  const tasks: IntegrationTask[] = [];
  let ignored = 0;
  for (const entry of list(body.entry)) {
    for (const change of isRecord(entry) ? list(entry.changes) : []) {
      const value = isRecord(change) && isRecord(change.value) ? change.value : undefined;
      const leadgenId = eventId(value?.leadgen_id);
      if (!isRecord(change) || change.field !== 'leadgen' || !value || !leadgenId) {
        ignored++;
        continue;
      }
      tasks.push({ kind: 'integration.meta_lead', leadgenId, pageId: eventId(value.page_id), formId: eventId(value.form_id), adId: eventId(value.ad_id) });
    }
  }
  return { tasks, ignored };
}

/** WhatsApp's inbound messages: one task per message id (its text, the sender's profile name); statuses and other fields are ignored. */
function messageTasks(body: Record<string, unknown>): { tasks: IntegrationTask[]; ignored: number } {
  const tasks: IntegrationTask[] = [];
  let ignored = 0;
  for (const entry of list(body.entry)) {
    for (const change of isRecord(entry) ? list(entry.changes) : []) {
      const value = isRecord(change) && isRecord(change.value) ? change.value : undefined;
      const messages = list(value?.messages);
      if (!isRecord(change) || change.field !== 'messages' || messages.length === 0) {
        ignored++;
        continue;
      }
      const contacts = list(value?.contacts).filter(isRecord);
      for (const message of messages) {
        const messageId = isRecord(message) ? eventId(message.id) : '';
        const from = isRecord(message) ? str(message.from).replace(/\D/g, '') : '';
        if (!isRecord(message) || !messageId || from.length < 10 || from.length > 15) {
          ignored++;
          continue;
        }
        const contact = contacts.find((candidate) => str(candidate.wa_id).replace(/\D/g, '') === from) ?? contacts[0];
        const profile = contact && isRecord(contact.profile) ? contact.profile : undefined;
        const text = isRecord(message.text) ? str(message.text.body) : '';
        tasks.push({
          kind: 'integration.whatsapp_message',
          messageId,
          from,
          name: str(profile?.name).slice(0, 255),
          body: (text || `(${str(message.type) || 'message'} without text)`).slice(0, 4000),
          timestamp: str(message.timestamp).slice(0, 20),
        });
      }
    }
  }
  return { tasks, ignored };
}

/**
 * POST /api/webhooks/meta: the signature first (X-Hub-Signature-256 with the
 * app secret, in constant time; missing or wrong: 401, nothing stored), then
 * the JSON, then its events queued: leadgen changes of a page, or WhatsApp
 * messages (`object: "whatsapp_business_account"`).
 */
export async function receiveMeta(deps: WebhookDeps, raw: Buffer, signature: string | undefined): Promise<WebhookAnswer> {
  const signed = await signer(deps, raw, signature);
  if (!signed) return { status: 401, message: 'Invalid signature' };
  const held = await deps.admit?.(signed.platform);
  if (held) return held;
  const parsed = parseBody(raw);
  if ('refused' in parsed) return parsed.refused;
  const { body } = parsed;
  const platform: IntegrationPlatform = body.object === 'whatsapp_business_account' ? 'whatsapp' : 'meta';
  const { tasks, ignored } = platform === 'whatsapp' ? messageTasks(body) : leadgenTasks(body);
  const integration = platform === signed.platform ? signed : await getIntegration(deps.db, platform);
  if (!integration.isActive) return ignoreAll(deps, platform, tasks.length + ignored);
  return queue(deps, platform, tasks, ignored);
}

/**
 * POST /api/webhooks/google-ads: Google's lead form webhook. Its google_key
 * (in the body) must be the one set, compared in constant time: else 403 and
 * nothing stored. A repeated lead_id is queued once.
 */
export async function receiveGoogle(deps: WebhookDeps, raw: Buffer): Promise<WebhookAnswer> {
  const parsed = parseBody(raw);
  if ('refused' in parsed) return parsed.refused;
  const { body } = parsed;
  const integration = await getIntegration(deps.db, 'google');
  const key = deps.fieldCrypto ? await openSecret(deps.fieldCrypto, integration, 'googleKey') : undefined;
  if (key === undefined || !sameSecret(str(body.google_key), key)) return { status: 403, message: 'Invalid google_key' };
  const held = await deps.admit?.('google');
  if (held) return held;
  const leadId = eventId(body.lead_id);
  if (!leadId) return { status: 400, message: 'lead_id is required' };
  const columns = list(body.user_column_data)
    .filter(isRecord)
    .map((column) => ({ columnId: str(column.column_id).slice(0, 64), value: str(column.string_value).slice(0, 1000) }))
    .filter((column) => column.columnId !== '')
    .slice(0, 50);
  const task: IntegrationTask = {
    kind: 'integration.google_lead',
    leadId,
    formId: eventId(body.form_id),
    campaignId: eventId(body.campaign_id),
    adGroupId: eventId(body.adgroup_id),
    creativeId: eventId(body.creative_id),
    gclid: str(body.gcl_id).slice(0, 255),
    isTest: body.is_test === true,
    columns,
  };
  if (!integration.isActive) return ignoreAll(deps, 'google', 1);
  return queue(deps, 'google', [task], 0);
}
