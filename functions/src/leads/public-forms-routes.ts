import { randomUUID } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { CalculatorResult, ContactResult, FormTokenResult } from '@app/shared-types/api';
import { calculatorSchema, contactSchema, MIN_FILL_MS } from '@app/shared-types/forms';
import { attributionSchema, type AttributionInput } from '@app/shared-types/attribution';
import { websiteAttribution } from '../campaigns';
import { estimateCost } from '@app/shared-types/pricing';
import { websiteContext } from '../auth';
import type { WriteContext } from '../db/entity';
import { captureWebsiteEnquiry } from './lead-capture';
import { calculatorEnquiry, contactEnquiry, type EnquiryFields } from './website-enquiry';
import { getRetentionSetting, getSettings } from '../settings';
import { MAINTENANCE_MESSAGE, MAINTENANCE_RETRY_AFTER_SECONDS } from '@app/shared-types/settings';
import { saveSubmission, submissionItem } from './submission-repo';
import type { Db } from '../db/client';
import type { AppEnv } from '../app-deps';
import { errorBody, jsonBody, limitBody, nowMs, rateLimit, requireJson } from '../lib/http';
import { FORM_TOKEN_MAX_AGE_MS, formTokenIssuedAt, issueFormToken } from './form-token';
import { log } from '../lib/log';
import { access } from '../lib/route-access';

/**
 * Settings > System > maintenanceMode: the public forms answer 503 with
 * Retry-After and say why (the portal keeps working).
 */
const closedForMaintenance: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { system } = await getSettings(c.var.deps.db);
  if (!system.maintenanceMode) return next();
  c.header('Retry-After', String(MAINTENANCE_RETRY_AFTER_SECONDS));
  return c.json(errorBody(MAINTENANCE_MESSAGE), 503);
};


/** API Gateway's ceiling on each form post (the stage allows 50/s): they write to DynamoDB. */
const FORM_THROTTLE = { rateLimit: 5, burstLimit: 10 };

/** At most 10 form submissions a minute from one IP, calculator and contact together. */
const formRateLimit = rateLimit({ scope: 'public-form', limit: 10, windowSeconds: 60 });

/**
 * Stores a submission: suspected spam on its own (no lead: it waits in the
 * Leads CRM's Spam view, leads/spam-repo.ts, until someone marks it 'Not
 * spam'), a real one in one
 * transaction with its lead. If that fails the request fails, and the visitor
 * is asked to try again: a 201 always means the lead exists.
 */
async function storeEnquiry(db: Db, submission: ReturnType<typeof submissionItem>, enquiry: EnquiryFields | null, ctx: WriteContext, attribution: AttributionInput) {
  if (!enquiry) return saveSubmission(db, submission);
  const touch = (await getSettings(db)).business.campaignTouch;
  const { leadId, created } = await captureWebsiteEnquiry(db, { ...enquiry, submission, attribution: websiteAttribution(attribution, touch) }, ctx);
  log.info(created ? 'lead created' : 'lead updated', { leadId, submissionId: submission.id });
}

/** Why a submission is kept as spam (stored as its spamReason). */
type SpamReason = 'honeypot' | 'forged form token' | 'too fast';

/**
 * What the form's token says of a submission: the form's age by the server's
 * clock; a token that is not one of ours (a bot made its own); or nothing to
 * go by. Nothing to go by is a person's, flagged: no token sent (a bot that
 * never showed the form, but also a visitor whose token fetch failed, or one
 * with a page from before a deploy), a token over a day old (a tab left
 * open), or a host that cannot check (no keys, or they could not be read).
 * A lead is never lost to what cannot be told apart from a person.
 */
type FormCheck = { ageMs: number } | { forged: true } | { unverified: 'no form token' | 'expired form token' | 'not checked' };

async function formCheck(c: Context<AppEnv>, token: string | undefined): Promise<FormCheck> {
  if (!token) return { unverified: 'no form token' };
  const { formTokenKeys } = c.var.deps;
  if (!formTokenKeys) return { unverified: 'not checked' };
  let keys: readonly Buffer[];
  try {
    keys = await formTokenKeys.getKeys();
  } catch (error) {
    log.warn('form token keys unreadable', { requestId: c.var.requestId, error });
    return { unverified: 'not checked' };
  }
  const issuedAtMs = formTokenIssuedAt(token, keys);
  if (issuedAtMs === undefined) return { forged: true };
  const ageMs = nowMs(c) - issuedAtMs;
  return ageMs > FORM_TOKEN_MAX_AGE_MS ? { unverified: 'expired form token' } : { ageMs };
}

/**
 * Why a submission is spam, or null for a person's: a filled honeypot; a
 * token we did not make; or sent sooner after the form was shown than a
 * person can fill it in, measured by the server (what the client says it
 * took is not read). Each is answered like a success, so a bot cannot tell.
 */
function spamReason(honeypot: string, check: FormCheck): SpamReason | null {
  if (honeypot !== '') return 'honeypot';
  if ('forged' in check) return 'forged form token';
  if ('ageMs' in check && check.ageMs < MIN_FILL_MS) return 'too fast';
  return null;
}

/** What a submission keeps of its spam checks: the reason, the honeypot's text, the fill time the server measured, or why none was. */
function spamFields(reason: SpamReason | null, honeypot: string, check: FormCheck) {
  return {
    spam: reason !== null,
    ...(reason ? { spamReason: reason } : {}),
    ...(honeypot !== '' ? { honeypot } : {}),
    ...('ageMs' in check ? { elapsedMs: check.ageMs } : {}),
    ...('unverified' in check ? { formCheck: check.unverified } : {}),
  };
}

/** The sentence a lead's timeline entry gets when the form's time could not be checked because of what was sent. */
function uncheckedNote(check: FormCheck): string {
  if (!('unverified' in check)) return '';
  if (check.unverified === 'no form token') return " Sent without the website form's check: it may be automated.";
  if (check.unverified === 'expired form token') return ' Sent from a form shown over a day earlier: not checked.';
  return '';
}

/**
 * GET /api/form-token: what a public form fetches when it is shown. No table
 * access (the key is the host's: Deps.formTokenKeys), never cached.
 */
export const formToken = new Hono<AppEnv>().get('/', access.public({ lambda: 'public' }), async (c) => {
  c.header('Cache-Control', 'no-store');
  const { formTokenKeys } = c.var.deps;
  if (!formTokenKeys) return c.json(errorBody('Form tokens are not available on this host'), 503);
  const [key] = await formTokenKeys.getKeys();
  if (!key) return c.json(errorBody('Form tokens are not available on this host'), 503);
  return c.json({ token: issueFormToken(key, nowMs(c)) } satisfies FormTokenResult, 200);
});

export const calculator = new Hono<AppEnv>().post(
  '/',
  access.public({ lambda: 'public', throttle: FORM_THROTTLE }),
  closedForMaintenance,
  formRateLimit,
  limitBody(),
  requireJson,
  // Attribution (issue 26): the visit's first and last touch, validated and cut to length.
  jsonBody(calculatorSchema.shape({ attribution: attributionSchema })),
  async (c) => {
    const { website: honeypot, formToken: token, attribution, ...input } = c.req.valid('json');
    const { db } = c.var.deps;
    const id = randomUUID();
    const ctx = websiteContext(c);
    const createdAt = ctx.now;
    const { pricing } = (await getSettings(db)).business;
    const estimate = estimateCost(input, pricing);
    const check = await formCheck(c, token);
    const reason = spamReason(honeypot, check);
    const spam = reason !== null;
    const submission = submissionItem('estimate', { id, createdAt, ...input, ...estimate, ...spamFields(reason, honeypot, check) }, await getRetentionSetting(db));
    await storeEnquiry(db, submission, spam ? null : calculatorEnquiry(input, estimate, uncheckedNote(check)), ctx, attribution);
    // A bot (honeypot filled, a forged token, or sent too fast) gets the same answer as a person, so it cannot tell.
    return c.json({ id, createdAt, ...estimate } satisfies CalculatorResult, 201);
  },
);

export const contact = new Hono<AppEnv>().post(
  '/',
  access.public({ lambda: 'public', throttle: FORM_THROTTLE }),
  closedForMaintenance,
  formRateLimit,
  limitBody(),
  requireJson,
  jsonBody(contactSchema.shape({ attribution: attributionSchema })),
  async (c) => {
    const { website: honeypot, formToken: token, attribution, ...input } = c.req.valid('json');
    const { db } = c.var.deps;
    const id = randomUUID();
    const ctx = websiteContext(c);
    const createdAt = ctx.now;
    const check = await formCheck(c, token);
    const reason = spamReason(honeypot, check);
    const spam = reason !== null;
    const submission = submissionItem('contact', { id, createdAt, ...input, ...spamFields(reason, honeypot, check) }, await getRetentionSetting(db));
    await storeEnquiry(db, submission, spam ? null : contactEnquiry(input, uncheckedNote(check)), ctx, attribution);
    return c.json({ id, createdAt } satisfies ContactResult, 201);
  },
);
