import { getAllSettings } from '../db/settings-repo';
import type { Db } from '../db/client';
import { restampSubmissionExpiry, type RestampProgress } from '../db/submission-repo';
import { log } from '../lib/log';

/**
 * Settings > dataRetentionDays on the submissions already stored: each raw
 * website submission and spam gets the expiry createdAt + the current
 * retention (DynamoDB's TTL then deletes it). Run by the daily job, and once
 * after a settings save that changes the value; idempotent (what is already
 * right is not written), so a run cut short by its budget is finished by the next.
 */
export async function applySubmissionRetention(db: Db, options: { deadlineMs?: number; now?: () => number } = {}): Promise<RestampProgress & { retentionDays: number }> {
  const { system } = await getAllSettings(db);
  const progress = await restampSubmissionExpiry(db, system.dataRetentionDays, options);
  log.info('submission retention applied', { retentionDays: system.dataRetentionDays, ...progress });
  return { ...progress, retentionDays: system.dataRetentionDays };
}

/** How long a settings save may spend re-stamping before it answers; the daily job finishes what is left. */
export const RETENTION_SAVE_BUDGET_MS = 3000;
