import { dbFromEnv } from '../db/client';
import { runDailyJobs, type DailyJobsResult } from '../jobs/daily';
import { log } from '../lib/log';

const db = dbFromEnv();

/**
 * Lambda entry point of the scheduled jobs (an EventBridge rule, daily): the
 * next month's pending copy of every recurring transaction whose month has
 * begun, and the expiry of quotations past their validUntil (jobs/daily.ts).
 */
export async function handler(): Promise<DailyJobsResult> {
  const result = await runDailyJobs(db, Date.now());
  log.info('daily jobs run', { ...result });
  return result;
}
