import { QueryCommand, UpdateCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client';
import type { RetentionSetting } from '../settings';
import { keys } from '../db/keys';
import { TABLE_DEFINITION } from '../db/table-definition';
import { isConditionalCheckFailed, putNew, transactWrite } from '../db/writes';

type Kind = 'estimate' | 'contact';

/** The table's TTL attribute (epoch seconds): DynamoDB deletes an item some time after it passes. */
const TTL = TABLE_DEFINITION.timeToLiveAttribute;

/** The generation of the retention a submission's expiry came from (settings-repo.ts RetentionSetting); absent: 0. */
const GENERATION = 'retentionGeneration';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * When a raw submission (or spam) expires: its createdAt + Settings >
 * dataRetentionDays, in epoch seconds. Only these items carry it: the lead a
 * submission created or joined is a business record and never expires.
 */
export function submissionExpiresAt(createdAt: string, retentionDays: number): number {
  return Math.floor(Date.parse(createdAt) / 1000) + retentionDays * DAY_SECONDS;
}

/**
 * A stored form submission (calculator estimate or contact message), as the
 * website received it, expiring after the retention in force (with that
 * retention's generation: see restampSubmissionExpiry).
 */
export function submissionItem(
  kind: Kind,
  submission: { id: string; createdAt: string; spam: boolean } & Record<string, NativeAttributeValue>,
  retention: RetentionSetting,
): { pk: string; sk: string } & Record<string, NativeAttributeValue> {
  return {
    ...(kind === 'estimate' ? keys.estimate(submission.id) : keys.contactSubmission(submission.id)),
    entityType: kind === 'estimate' ? 'CalculatorEstimate' : 'ContactSubmission',
    gsi1pk: keys.submissions(kind === 'estimate' ? 'ESTIMATES' : 'CONTACTS', submission.spam),
    gsi1sk: `${submission.createdAt}#${submission.id}`,
    version: 1,
    ...submission,
    [TTL]: submissionExpiresAt(submission.createdAt, retention.days),
    [GENERATION]: retention.generation,
  };
}

/** Every list of raw submissions: estimates and contact messages, kept and spam. */
export const SUBMISSION_PARTITIONS = (['ESTIMATES', 'CONTACTS'] as const).flatMap((kind) => [keys.submissions(kind, false), keys.submissions(kind, true)]);

export interface RestampProgress {
  /** Submissions read. */
  examined: number;
  /** Submissions whose expiry moved to the current retention. */
  updated: number;
  /** False when the run stopped early: its time budget ran out (the next run carries on), or it was superseded. */
  complete: boolean;
  /** A newer retention was saved while it ran: its own job applies that one, so this one stopped. */
  superseded?: true;
}

/** Expiry writes a re-stamp has in flight at once. */
const RESTAMP_CONCURRENCY = 8;

/** One submission's new expiry, unless it is gone or a newer retention stamped it since it was read: whether it was written. */
async function stampExpiry(db: Db, item: { pk: string; sk: string; createdAt: string; expiresAt: number }, generation: number): Promise<boolean> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: 'SET #ttl = :expiresAt, #generation = :generation',
        ConditionExpression: 'attribute_exists(pk) AND createdAt = :createdAt AND (attribute_not_exists(#generation) OR #generation <= :generation)',
        ExpressionAttributeNames: { '#ttl': TTL, '#generation': GENERATION },
        ExpressionAttributeValues: { ':expiresAt': item.expiresAt, ':createdAt': item.createdAt, ':generation': generation },
      }),
    );
    return true;
  } catch (error) {
    // Deleted by TTL (or otherwise) since the page was read, or stamped by a newer retention's run: not ours to stamp.
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/**
 * Gives every stored submission the expiry of `retention` (createdAt + its
 * days), after Settings > dataRetentionDays changed. Reads the submission
 * lists page by page (Query on gsi1, never a Scan) and writes only what is
 * not yet at this retention: running it again changes nothing.
 *
 * Each item records the generation its expiry came from, and a write is
 * conditioned on the item still being there (an item DynamoDB deleted is not
 * brought back) and on its generation not being newer than this run's: a run
 * of an older value, still going when a newer value was saved, can never
 * overwrite the newer run's expiry, so the newest value is what stays. Such a
 * run stops when it meets a newer generation, on an item or (`current`,
 * asked before each page) in the settings.
 */
export async function restampSubmissionExpiry(
  db: Db,
  retention: RetentionSetting,
  {
    deadlineMs = Number.POSITIVE_INFINITY,
    now = Date.now,
    pageSize = 200,
    current,
  }: { deadlineMs?: number; now?: () => number; pageSize?: number; current?: () => Promise<RetentionSetting> } = {},
): Promise<RestampProgress> {
  const progress: RestampProgress = { examined: 0, updated: 0, complete: true };
  const superseded = (): RestampProgress => ({ ...progress, complete: false, superseded: true });
  for (const partition of SUBMISSION_PARTITIONS) {
    let start: Record<string, NativeAttributeValue> | undefined;
    do {
      if (now() >= deadlineMs) return { ...progress, complete: false };
      if (current && (await current()).generation > retention.generation) return superseded();
      const page = await db.doc.send(
        new QueryCommand({
          TableName: db.table,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': partition },
          ExpressionAttributeNames: { '#ttl': TTL, '#generation': GENERATION },
          ProjectionExpression: 'pk, sk, gsi1pk, gsi1sk, createdAt, #ttl, #generation',
          Limit: pageSize,
          ExclusiveStartKey: start,
        }),
      );
      const due: { pk: string; sk: string; createdAt: string; expiresAt: number }[] = [];
      for (const item of page.Items ?? []) {
        progress.examined++;
        if (typeof item.createdAt !== 'string' || Number.isNaN(Date.parse(item.createdAt))) continue;
        const generation = typeof item[GENERATION] === 'number' ? item[GENERATION] : 0;
        if (generation > retention.generation) return superseded();
        const expiresAt = submissionExpiresAt(item.createdAt, retention.days);
        if (item[TTL] === expiresAt && generation === retention.generation) continue;
        due.push({ pk: String(item.pk), sk: String(item.sk), createdAt: item.createdAt, expiresAt });
      }
      // A few writes at once (distinct items; each write's condition makes the order between runs irrelevant).
      for (let i = 0; i < due.length; i += RESTAMP_CONCURRENCY) {
        const written = await Promise.all(due.slice(i, i + RESTAMP_CONCURRENCY).map((item) => stampExpiry(db, item, retention.generation)));
        progress.updated += written.filter(Boolean).length;
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
