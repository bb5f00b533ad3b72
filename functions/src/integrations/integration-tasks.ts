import { GRAPH_API_VERSION } from '@app/shared-types/integrations';
import type { IntegrationTask } from '@app/shared-types/notifications';
import type { LeadSource } from '@app/shared-types/constants';
import { isRecord } from '@app/shared-types/guards';
import { isValidPhone } from '@app/shared-types/phone';
import type { Db } from '../db/client';
import type { WriteContext } from '../db/entity';
import { AlreadyCaptured, captureWebsiteEnquiry, type WebsiteEnquiry } from '../leads';
import type { FieldCrypto } from '../secrets/field-crypto';
import { TaskRefused, type TaskRunner, type TaskRunners } from '../lib/outbox-task';
import { getIntegration, openSecret, recordFetch, webhookClaimKind } from './integration-repo';

/** The Graph API's address: META_GRAPH_URL when set (tests run a fake Graph server), else Meta's. */
export const graphBaseUrl = () => (process.env.META_GRAPH_URL || 'https://graph.facebook.com').replace(/\/$/, '');

/** How long a Graph call may take before the attempt counts as failed (the outbox tries again later). */
const GRAPH_TIMEOUT_MS = 5_000;


/** A Meta sample lead of 'Send test event': made without the Graph API, marked as a test. */
export const TEST_LEADGEN_PREFIX = 'test-';
/** The message id prefix of WhatsApp's sample in 'Send test event': its lead is a test. */
export const TEST_WHATSAPP_PREFIX = 'wamid.test-';

interface FormAnswers {
  name: string;
  phone: string;
  email: string;
  city: string;
  /** 'Question: answer' of the form's other fields. */
  others: string[];
}

const FIELD_OF: Record<string, keyof Omit<FormAnswers, 'others'>> = {
  full_name: 'name',
  name: 'name',
  FULL_NAME: 'name',
  phone_number: 'phone',
  phone: 'phone',
  PHONE_NUMBER: 'phone',
  email: 'email',
  EMAIL: 'email',
  city: 'city',
  CITY: 'city',
};

/** A lead form's answers: the standard fields by name, the rest for the requirements. */
function answers(fields: { name: string; value: string }[]): FormAnswers {
  const found: FormAnswers = { name: '', phone: '', email: '', city: '', others: [] };
  const first: string[] = [];
  for (const { name, value } of fields) {
    const field = FIELD_OF[name];
    if (name === 'first_name' || name === 'FIRST_NAME' || name === 'last_name' || name === 'LAST_NAME') first.push(value);
    else if (field && !found[field]) found[field] = value.trim();
    else if (value.trim()) found.others.push(`${name.replace(/_/g, ' ')}: ${value.trim()}`);
  }
  if (!found.name && first.length > 0) found.name = first.join(' ').trim();
  return found;
}

/** An email the lead schema takes, or blank. */
const validEmail = (value: string) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 255 ? value : '');

/** The lead of a form's answers, through the one lead-creation plan, with the event's claim in it. */
async function captureForm(
  db: Db,
  ctx: WriteContext,
  form: FormAnswers,
  what: { source: LeadSource; from: string; claim: Parameters<typeof webhookClaimKind.put>[0]; adFields: WebsiteEnquiry['adFields'] },
): Promise<void> {
  if (!isValidPhone(form.phone)) throw new TaskRefused(`The lead has no valid phone number (${form.phone || 'none given'})`);
  const requirements = form.others.join('\n').slice(0, 5000);
  await captureWebsiteEnquiry(
    db,
    {
      name: (form.name || form.phone).slice(0, 255),
      phone: form.phone,
      email: validEmail(form.email),
      projectType: '',
      location: form.city.slice(0, 255),
      requirements,
      summary: `${what.from}: ${[form.name, form.city].filter(Boolean).join(', ')}${requirements ? `. ${requirements.replace(/\n/g, '; ')}` : ''}`.slice(0, 5000),
      source: what.source,
      from: what.from,
      adFields: what.adFields,
      claim: webhookClaimKind.put(what.claim, { at: ctx.now }),
    },
    ctx,
  );
}

const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** GET {base}/v21.0/{leadgen_id}?access_token=...: the lead's answers and its ad, campaign and form. */
async function fetchMetaLead(leadgenId: string, accessToken: string) {
  const url = `${graphBaseUrl()}/${GRAPH_API_VERSION}/${encodeURIComponent(leadgenId)}?access_token=${encodeURIComponent(accessToken)}`;
  const response = await fetch(url, { signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`The Graph API answered ${response.status} for lead ${leadgenId}`);
  const body: unknown = await response.json();
  if (!isRecord(body)) throw new Error(`The Graph API answered no lead for ${leadgenId}`);
  const fields = (Array.isArray(body.field_data) ? body.field_data : []).filter(isRecord).map((field) => ({
    name: str(field.name),
    value: Array.isArray(field.values) ? field.values.map(str).join(', ') : '',
  }));
  return {
    fields,
    adId: str(body.ad_id),
    adSetId: str(body.adset_id),
    campaignId: str(body.campaign_id),
    formId: str(body.form_id),
    platform: str(body.platform) === 'ig' ? 'ig' : 'fb',
  };
}

async function metaLead(db: Db, crypto: FieldCrypto | undefined, task: Extract<IntegrationTask, { kind: 'integration.meta_lead' }>, ctx: WriteContext) {
  const test = task.leadgenId.startsWith(TEST_LEADGEN_PREFIX);
  let lead;
  if (test) {
    lead = { fields: [{ name: 'full_name', value: 'Test lead (Meta)' }, { name: 'phone_number', value: '+91 90000 00026' }], adId: '', adSetId: '', campaignId: 'test', formId: task.formId, platform: 'fb' };
  } else {
    const integration = await getIntegration(db, 'meta', true);
    const token = crypto ? await openSecret(crypto, integration, 'accessToken') : undefined;
    if (token === undefined) throw new TaskRefused('Set the page access token in Settings > Integrations');
    lead = await fetchMetaLead(task.leadgenId, token);
  }
  await captureForm(db, ctx, answers(lead.fields), {
    source: lead.platform === 'ig' ? 'Instagram' : 'Facebook Ads',
    from: lead.platform === 'ig' ? 'Instagram lead ad' : 'Facebook lead ad',
    claim: ['meta', task.leadgenId],
    adFields: {
      platform: lead.platform,
      campaignId: lead.campaignId.slice(0, 64),
      adSetId: lead.adSetId.slice(0, 64),
      adId: (lead.adId || task.adId).slice(0, 64),
      formId: (lead.formId || task.formId).slice(0, 64),
      ...(test ? { isTest: true } : {}),
    },
  });
}

async function googleLead(db: Db, task: Extract<IntegrationTask, { kind: 'integration.google_lead' }>, ctx: WriteContext) {
  await captureForm(db, ctx, answers(task.columns.map((column) => ({ name: column.columnId, value: column.value }))), {
    source: 'Google Ads',
    from: 'Google Ads lead form',
    claim: ['google', task.leadId],
    adFields: {
      platform: 'google',
      campaignId: task.campaignId,
      adSetId: task.adGroupId,
      adId: task.creativeId,
      formId: task.formId,
      gclid: task.gclid,
      ...(task.isTest ? { isTest: true } : {}),
    },
  });
}

async function whatsappMessage(db: Db, task: Extract<IntegrationTask, { kind: 'integration.whatsapp_message' }>, ctx: WriteContext) {
  const phone = `+${task.from}`;
  await captureWebsiteEnquiry(
    db,
    {
      name: task.name || phone,
      phone,
      email: '',
      projectType: '',
      location: '',
      requirements: task.body,
      summary: `WhatsApp message${task.name ? ` from ${task.name}` : ''}: ${task.body}`,
      source: 'WhatsApp',
      from: 'WhatsApp',
      noteType: 'whatsapp',
      // 'Send test event''s sample is a test lead (it gets no WhatsApp thank-you, like Meta's and Google's samples).
      adFields: { platform: 'whatsapp', ...(task.messageId.startsWith(TEST_WHATSAPP_PREFIX) ? { isTest: true } : {}) },
      claim: webhookClaimKind.put(['whatsapp', task.messageId], { at: ctx.now }),
    },
    ctx,
  );
}

/**
 * Runs one integration task from the outbox (jobs/outbox.ts): the lead it
 * makes, or the timeline entry of the lead with its phone. A task whose
 * event was handled before (its claim taken) is done. Each outcome is kept in
 * the integration's health: a failure as its last error (and, when the
 * outbox gives up, as failed), a success as its lastSync.
 */
export async function runIntegrationTask(db: Db, crypto: FieldCrypto | undefined, task: IntegrationTask, ctx: WriteContext, final: (error: unknown) => boolean): Promise<void> {
  const platform = task.kind === 'integration.meta_lead' ? 'meta' : task.kind === 'integration.google_lead' ? 'google' : 'whatsapp';
  try {
    if (task.kind === 'integration.meta_lead') await metaLead(db, crypto, task, ctx);
    else if (task.kind === 'integration.google_lead') await googleLead(db, task, ctx);
    else await whatsappMessage(db, task, ctx);
  } catch (error) {
    if (error instanceof AlreadyCaptured) {
      await recordFetch(db, platform, ctx, { ok: true });
      return;
    }
    await recordFetch(db, platform, ctx, { error: error instanceof Error ? error.message : String(error), final: final(error) });
    throw error;
  }
  await recordFetch(db, platform, ctx, { ok: true });
}

/** The integration tasks' runners, for the outbox's registry of tasks (jobs/tasks.ts). */
const runIntegration: TaskRunner<IntegrationTask> = (task, { db, fieldCrypto, ctx, final }) => runIntegrationTask(db, fieldCrypto, task, ctx, final);
export const integrationTaskRunners = {
  'integration.meta_lead': runIntegration,
  'integration.google_lead': runIntegration,
  'integration.whatsapp_message': runIntegration,
} satisfies Partial<TaskRunners>;
