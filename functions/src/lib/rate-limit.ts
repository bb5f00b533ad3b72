import * as yup from 'yup';
import type { Db } from '../db/client';
import { defineItem, execute } from '../db/item';
import { keys } from '../db/keys';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window ends. */
  retryAfter: number;
}

/** One subject's hits in one fixed window of a scope; DynamoDB's TTL removes it (expiresAt) after the window. */
export const rateLimitWindowKind = defineItem({
  type: 'RateLimitWindow',
  schema: yup.object({
    hits: yup.number().integer().min(0).default(0),
    /** Epoch seconds. */
    expiresAt: yup.number().integer().default(0),
  }),
  key: (scope: string, subject: string, window: number) => keys.rateLimit(scope, subject, window),
  partition: 'RATE#*',
  grants: { public: ['rateLimit'] },
  // The other functions' windows, by scope (the `scope` their routes count under).
  otherPartitions: {
    'RATE#login-ip#*': { auth: ['count'] },
    'RATE#login-verify-ip#*': { auth: ['count'] },
    'RATE#register#*': { auth: ['count'] },
    'RATE#quote-answer#*': { clientLink: ['count'] },
    // The webhooks' per-integration windows (integrations/webhooks-routes.ts).
    'RATE#webhook#*': { auth: ['count'] },
  },
  backup: false,
});

/**
 * Fixed-window counter shared by every Lambda instance: one atomic ADD per
 * request on the subject's window item, which DynamoDB's TTL removes later.
 * It answers with only what it wrote (UPDATED_NEW): all the public
 * function's role may read back (infra's RateLimitCounters statement).
 */
export async function hitRateLimit(
  db: Db,
  options: { scope: string; subject: string; limit: number; windowSeconds: number; nowMs: number },
): Promise<RateLimitResult> {
  const windowMs = options.windowSeconds * 1000;
  const window = Math.floor(options.nowMs / windowMs);
  const windowEndsMs = (window + 1) * windowMs;
  const written = await execute(
    db,
    rateLimitWindowKind.update([options.scope, options.subject, window], {
      add: { hits: 1 },
      setIfMissing: { expiresAt: Math.ceil(windowEndsMs / 1000) + 60 },
      set: { entityType: rateLimitWindowKind.type },
    }),
    { returnUpdated: true },
  );
  const { hits } = rateLimitWindowKind.parse(written ?? {});
  return {
    allowed: hits <= options.limit,
    retryAfter: Math.max(1, Math.ceil((windowEndsMs - options.nowMs) / 1000)),
  };
}
