import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import * as yup from 'yup';
import type { Db } from '../db/client';
import type { RetentionSetting } from '../settings';
import { keys } from '../db/keys';
import { conditions, defineItem, execute, queryPage } from '../db/item';
import { TABLE_DEFINITION } from '../db/table-definition';
import { isConditionalCheckFailed } from '../db/writes';

type Kind = 'estimate' | 'contact';

/** The table's TTL attribute (epoch seconds): DynamoDB deletes an item some time after it passes. */
const TTL = TABLE_DEFINITION.timeToLiveAttribute;

/** The generation of the retention a submission's expiry came from (settings-repo.ts RetentionSetting); absent: 0. */
const GENERATION = 'retentionGeneration';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * What every stored submission has: the form's own fields (the calculator's or
 * the contact form's input, spam reasons) ride along as the website sent them.
 */
const submissionSchema = yup.object({
  id: yup.string().required(),
  createdAt: yup.string().required(),
  spam: yup.boolean().defined(),
  version: yup.number().required(),
  /** The lead it created or joined (none for spam). */
  leadId: yup.string().optional(),
  [TTL]: yup.number().required(),
  [GENERATION]: yup.number().default(0),
});

/** A calculator estimate as the website received it (gsi1: the estimates list, or its spam twin). */
export const calculatorEstimateKind = defineItem({
  type: 'CalculatorEstimate',
  schema: submissionSchema,
  key: (id: string) => keys.estimate(id),
  partition: 'ESTIMATE#*',
  grants: { public: ['write'] },
});
/** A contact form message as the website received it (gsi1: the contact list, or its spam twin). */
export const contactSubmissionKind = defineItem({
  type: 'ContactSubmission',
  schema: submissionSchema,
  key: (id: string) => keys.contactSubmission(id),
  partition: 'CONTACT#*',
  grants: { public: ['write'] },
});

const kindOf = (kind: Kind) => (kind === 'estimate' ? calculatorEstimateKind : contactSubmissionKind);

/** What the re-stamp reads of a submission (a projection of its list). */
const expiryFields = yup.object({
  id: yup.string().required(),
  createdAt: yup.string().optional(),
  [TTL]: yup.number().optional(),
  [GENERATION]: yup.number().default(0),
});

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
    ...kindOf(kind).key(submission.id),
    entityType: kindOf(kind).type,
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

const SUBMISSION_LISTS = (['estimate', 'contact'] as const).flatMap((kind) => [
  { kind, partition: keys.submissions(kind === 'estimate' ? 'ESTIMATES' : 'CONTACTS', false) },
  { kind, partition: keys.submissions(kind === 'estimate' ? 'ESTIMATES' : 'CONTACTS', true) },
]);

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
async function stampExpiry(db: Db, kind: Kind, item: { id: string; createdAt: string; expiresAt: number }, generation: number): Promise<boolean> {
  try {
    await execute(
      db,
      kindOf(kind).update([item.id], {
        set: { [TTL]: item.expiresAt, [GENERATION]: generation },
        condition: conditions.all(conditions.present(), conditions.equals('createdAt', item.createdAt, 'created'), {
          expression: 'attribute_not_exists(#cGeneration) OR #cGeneration <= :cGeneration',
          names: { '#cGeneration': GENERATION },
          values: { ':cGeneration': generation },
        }),
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
  for (const { kind, partition } of SUBMISSION_LISTS) {
    let start: Record<string, NativeAttributeValue> | undefined;
    do {
      if (now() >= deadlineMs) return { ...progress, complete: false };
      if (current && (await current()).generation > retention.generation) return superseded();
      const page = await queryPage(db, { index: 'gsi1', pk: partition, fields: ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'id', 'createdAt', TTL, GENERATION], limit: pageSize, start });
      const due: { id: string; createdAt: string; expiresAt: number }[] = [];
      for (const raw of page.items) {
        progress.examined++;
        const item = expiryFields.validateSync(raw, { stripUnknown: true });
        if (item.createdAt === undefined || Number.isNaN(Date.parse(item.createdAt))) continue;
        const generation = item[GENERATION];
        if (generation > retention.generation) return superseded();
        const expiresAt = submissionExpiresAt(item.createdAt, retention.days);
        if (item[TTL] === expiresAt && generation === retention.generation) continue;
        due.push({ id: item.id, createdAt: item.createdAt, expiresAt });
      }
      // A few writes at once (distinct items; each write's condition makes the order between runs irrelevant).
      for (let i = 0; i < due.length; i += RESTAMP_CONCURRENCY) {
        const written = await Promise.all(due.slice(i, i + RESTAMP_CONCURRENCY).map((item) => stampExpiry(db, kind, item, retention.generation)));
        progress.updated += written.filter(Boolean).length;
      }
      start = page.lastKey;
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
  const kind = item.entityType === calculatorEstimateKind.type ? calculatorEstimateKind : contactSubmissionKind;
  await execute(db, { op: 'put', type: kind.type, key: { pk: item.pk, sk: item.sk }, item, condition: conditions.absent() });
}
