import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-deps';
import type { WriteContext } from '../db/entity';
import { errorBody, limitBody, nowIso, nowMs } from '../lib/http';
import { hitRateLimit } from '../lib/rate-limit';
import { access } from '../lib/route-access';
import { receiveGoogle, receiveMeta, verifySubscription, type WebhookAnswer, type WebhookDeps } from './webhooks';

/** A lead event is a few KiB; Meta batches at most a few dozen changes. */
export const MAX_WEBHOOK_BODY_BYTES = 64 * 1024;

/** Events one integration may post a minute (Meta and Google send bursts; far above a studio's ad leads). */
export const WEBHOOK_RATE_LIMIT = 3_000;

/**
 * The webhooks run on the auth function: like signing in they are called
 * without a session, and it holds the key that opens the sealed app secret
 * and google_key (the public function's role cannot). API Gateway throttles
 * them at the stage's rate; each integration has its own limit besides.
 */
const WEBHOOK_ROUTE = { lambda: 'auth' } as const;

/** The write context of what a webhook stores: the platform, not a person. */
function webhookContext(c: Context<AppEnv>, name: string): WriteContext {
  return { actor: { id: 'webhook', name, email: '' }, requestId: c.var.requestId, now: nowIso(c) };
}

/**
 * Per integration (not per IP: the platforms post from many addresses), a fixed window of a minute; over
 * it, 429. Events count once their signature or key is checked (WebhookDeps.admit); the subscription
 * check, which carries no signature, has a window of its own, so a flood of it never holds events back.
 */
async function overLimit(c: Context<AppEnv>, subject: string): Promise<WebhookAnswer | undefined> {
  const result = await hitRateLimit(c.var.deps.db, { scope: 'webhook', subject, limit: WEBHOOK_RATE_LIMIT, windowSeconds: 60, nowMs: nowMs(c) });
  return result.allowed ? undefined : { status: 429, message: 'Too many requests. Please try again in a minute.', retryAfter: result.retryAfter };
}

const verifyLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const held = await overLimit(c, 'meta-verify');
  if (held) return answer(c, held);
  await next();
};

function deps(c: Context<AppEnv>, name: string): WebhookDeps {
  return { db: c.var.deps.db, fieldCrypto: c.var.deps.fieldCrypto, ctx: webhookContext(c, name), admit: (platform) => overLimit(c, platform) };
}

function answer(c: Context<AppEnv>, result: WebhookAnswer) {
  if (result.retryAfter !== undefined) c.header('Retry-After', String(result.retryAfter));
  if (result.status === 200) return c.json({ ok: true, accepted: result.accepted ?? 0, ignored: result.ignored ?? 0 }, 200);
  return c.json(errorBody(result.message), result.status);
}

/** The raw body as sent (the signature is over its bytes). */
const rawBody = async (c: Context<AppEnv>) => Buffer.from(await c.req.arrayBuffer());

/** Meta lead ads and WhatsApp Business: GET the subscription check, POST signed events. */
export const metaWebhook = new Hono<AppEnv>()
  .get('/', access.public(WEBHOOK_ROUTE), verifyLimit, async (c) => {
    const result = await verifySubscription(c.var.deps.db, { mode: c.req.query('hub.mode'), token: c.req.query('hub.verify_token'), challenge: c.req.query('hub.challenge') });
    c.header('Cache-Control', 'no-store');
    return c.text(result.text, result.status, { 'Content-Type': 'text/plain; charset=utf-8' });
  })
  .post('/', access.public(WEBHOOK_ROUTE), limitBody(MAX_WEBHOOK_BODY_BYTES), async (c) =>
    answer(c, await receiveMeta(deps(c, 'Meta webhook'), await rawBody(c), c.req.header('x-hub-signature-256'))),
  );

/** Google Ads lead forms: the google_key in the body is the credential. */
export const googleAdsWebhook = new Hono<AppEnv>().post('/', access.public(WEBHOOK_ROUTE), limitBody(MAX_WEBHOOK_BODY_BYTES), async (c) =>
  answer(c, await receiveGoogle(deps(c, 'Google Ads webhook'), await rawBody(c))),
);
