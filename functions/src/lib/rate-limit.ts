import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client';
import { keys } from '../db/keys';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window ends. */
  retryAfter: number;
}

/**
 * Fixed-window counter shared by every Lambda instance: one atomic ADD per
 * request on the subject's window item, which DynamoDB's TTL removes later.
 */
export async function hitRateLimit(
  db: Db,
  options: { scope: string; subject: string; limit: number; windowSeconds: number; nowMs: number },
): Promise<RateLimitResult> {
  const windowMs = options.windowSeconds * 1000;
  const window = Math.floor(options.nowMs / windowMs);
  const windowEndsMs = (window + 1) * windowMs;
  const { Attributes } = await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.rateLimit(options.scope, options.subject, window),
      UpdateExpression: 'ADD hits :one SET expiresAt = if_not_exists(expiresAt, :expires), entityType = :type',
      ExpressionAttributeValues: {
        ':one': 1,
        ':expires': Math.ceil(windowEndsMs / 1000) + 60,
        ':type': 'RateLimitWindow',
      },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const hits = Number(Attributes?.hits ?? 0);
  return {
    allowed: hits <= options.limit,
    retryAfter: Math.max(1, Math.ceil((windowEndsMs - options.nowMs) / 1000)),
  };
}
