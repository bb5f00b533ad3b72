import { dbFromEnv } from '../db/client';
import { runRecurringTransactions } from '../finance/recurring';
import { log } from '../lib/log';

const db = dbFromEnv();

/**
 * Lambda entry point of the scheduled jobs (an EventBridge rule, daily): the
 * next month's pending copy of every recurring transaction whose month has
 * begun. Idempotent, so a retried or repeated run creates nothing twice, and a
 * missed day is caught up on the next.
 */
export async function handler(): Promise<{ created: number }> {
  const result = await runRecurringTransactions(db, Date.now());
  log.info('recurring transactions run', result);
  return result;
}
