import { QueryCommand, UpdateCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';
import { keys } from './keys';
import { TABLE_DEFINITION } from './table-definition';
import { isConditionalCheckFailed, putNew, transactWrite } from './writes';

type Kind = 'estimate' | 'contact';

/** The table's TTL attribute (epoch seconds): DynamoDB deletes an item some time after it passes. */
const TTL = TABLE_DEFINITION.timeToLiveAttribute;

const DAY_SECONDS = 24 * 60 * 60;

/**
 * When a raw submission (or spam) expires: its createdAt + Settings >
 * dataRetentionDays, in epoch seconds. Only these items carry it: the lead a
 * submission created or joined is a business record and never expires.
 */
export function submissionExpiresAt(createdAt: string, retentionDays: number): number {
  return Math.floor(Date.parse(createdAt) / 1000) + retentionDays * DAY_SECONDS;
}

/** A stored form submission (calculator estimate or contact message), as the website received it, expiring after `retentionDays`. */
export function submissionItem(
  kind: Kind,
  submission: { id: string; createdAt: string; spam: boolean } & Record<string, NativeAttributeValue>,
  retentionDays: number,
): { pk: string; sk: string } & Record<string, NativeAttributeValue> {
  return {
    ...(kind === 'estimate' ? keys.estimate(submission.id) : keys.contactSubmission(submission.id)),
    entityType: kind === 'estimate' ? 'CalculatorEstimate' : 'ContactSubmission',
    gsi1pk: keys.submissions(kind === 'estimate' ? 'ESTIMATES' : 'CONTACTS', submission.spam),
    gsi1sk: `${submission.createdAt}#${submission.id}`,
    version: 1,
    ...submission,
    [TTL]: submissionExpiresAt(submission.createdAt, retentionDays),
  };
}

/** Every list of raw submissions: estimates and contact messages, kept and spam. */
export const SUBMISSION_PARTITIONS = (['ESTIMATES', 'CONTACTS'] as const).flatMap((kind) => [keys.submissions(kind, false), keys.submissions(kind, true)]);

export interface RestampProgress {
  /** Submissions read. */
  examined: number;
  /** Submissions whose expiry moved to the current retention. */
  updated: number;
  /** False when the time budget ran out first: the next run carries on (it skips what is already right). */
  complete: boolean;
}

/**
 * Gives every stored submission the expiry of the current retention
 * (createdAt + `retentionDays`), after Settings > dataRetentionDays changed.
 * Reads the submission lists page by page (Query on gsi1, never a Scan) and
 * writes only the items whose expiry differs, each conditioned on the item
 * still being there with the createdAt read: running it again changes nothing,
 * and an item DynamoDB deleted meanwhile is not brought back.
 */
export async function restampSubmissionExpiry(
  db: Db,
  retentionDays: number,
  { deadlineMs = Number.POSITIVE_INFINITY, now = Date.now, pageSize = 200 }: { deadlineMs?: number; now?: () => number; pageSize?: number } = {},
): Promise<RestampProgress> {
  const progress: RestampProgress = { examined: 0, updated: 0, complete: true };
  for (const partition of SUBMISSION_PARTITIONS) {
    let start: Record<string, NativeAttributeValue> | undefined;
    do {
      if (now() >= deadlineMs) return { ...progress, complete: false };
      const page = await db.doc.send(
        new QueryCommand({
          TableName: db.table,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': partition },
          ExpressionAttributeNames: { '#ttl': TTL },
          ProjectionExpression: 'pk, sk, gsi1pk, gsi1sk, createdAt, #ttl',
          Limit: pageSize,
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) {
        progress.examined++;
        if (typeof item.createdAt !== 'string' || Number.isNaN(Date.parse(item.createdAt))) continue;
        const expiresAt = submissionExpiresAt(item.createdAt, retentionDays);
        if (item[TTL] === expiresAt) continue;
        try {
          await db.doc.send(
            new UpdateCommand({
              TableName: db.table,
              Key: { pk: item.pk, sk: item.sk },
              UpdateExpression: 'SET #ttl = :expiresAt',
              ConditionExpression: 'attribute_exists(pk) AND createdAt = :createdAt',
              ExpressionAttributeNames: { '#ttl': TTL },
              ExpressionAttributeValues: { ':expiresAt': expiresAt, ':createdAt': item.createdAt },
            }),
          );
          progress.updated++;
        } catch (error) {
          // Deleted by TTL (or otherwise) since the page was read: nothing to stamp.
          if (!isConditionalCheckFailed(error)) throw error;
        }
      }
      start = page.LastEvaluatedKey;
    } while (start);
  }
  return progress;
}

/**
 * Stores a submission on its own: only spam, which creates no lead. A real
 * submission is written in its lead's transaction (captureWebsiteEnquiry), so
 * no accepted submission is ever without its lead.
 */
export async function saveSubmission(db: Db, item: ReturnType<typeof submissionItem>): Promise<void> {
  await transactWrite(db, [putNew(db, item)]);
}
