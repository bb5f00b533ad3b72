import { getRetentionSetting } from '../settings';
import type { Db } from '../db/client';
import { restampSubmissionExpiry, type RestampProgress } from '../leads';
import { log } from '../lib/log';

/** The job request a settings save sends when dataRetentionDays changed (JobRequest in jobs/backup.ts). */
export const SUBMISSION_RETENTION_TASK = 'submission-retention';

/**
 * Settings > dataRetentionDays on the submissions already stored: each raw
 * website submission and spam gets the expiry createdAt + the current
 * retention (DynamoDB's TTL then deletes it). A job, never part of a request:
 * started by a settings save that changes the value (in-process locally, an
 * async invoke of the Jobs function deployed), and run by the daily job,
 * which finishes whatever a run left. Idempotent (what is already right is
 * not written); a run whose value is replaced while it goes stops, and the
 * newer value's run is the one whose expiry stays (restampSubmissionExpiry).
 */
export async function applySubmissionRetention(
  db: Db,
  options: { deadlineMs?: number; now?: () => number; pageSize?: number } = {},
): Promise<RestampProgress & { retentionDays: number }> {
  const retention = await getRetentionSetting(db);
  const progress = await restampSubmissionExpiry(db, retention, { ...options, current: () => getRetentionSetting(db) });
  log.info('submission retention applied', { retentionDays: retention.days, generation: retention.generation, ...progress });
  return { ...progress, retentionDays: retention.days };
}
