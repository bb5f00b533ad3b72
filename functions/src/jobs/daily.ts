import { calendarDate } from '@app/shared-types/format';
import type { Db } from '../db/client';
import { systemContext } from '../db/entity';
import { expireQuotations } from '../quotations';
import { runRecurringTransactions } from '../finance';
import { applySubmissionRetention } from './submission-retention';
import { noticeOverduePayments } from '../notify';

export interface DailyJobsResult {
  /** Recurring transactions copied into the new month. */
  created: number;
  /** Drafts and sent quotations marked expired (past their validUntil). */
  expired: number;
  /** Raw website submissions and spam given the expiry of Settings > dataRetentionDays (after it changed). */
  restamped: number;
  /** Pending income past its due date, noticed ('payment.overdue') for the first time. */
  overdue: number;
}

/**
 * The scheduled jobs (EventBridge daily when deployed, hourly on the local
 * host): each idempotent, so a retried or repeated run changes nothing twice
 * and a missed day is caught up on the next.
 */
export async function runDailyJobs(db: Db, nowMs: number): Promise<DailyJobsResult> {
  const { created } = await runRecurringTransactions(db, nowMs);
  const { expired } = await expireQuotations(db, calendarDate(nowMs), systemContext(new Date(nowMs).toISOString(), 'daily-jobs'));
  const { noticed: overdue } = await noticeOverduePayments(db, calendarDate(nowMs), systemContext(new Date(nowMs).toISOString(), 'daily-jobs'));
  const { updated: restamped } = await applySubmissionRetention(db);
  return { created, expired, restamped, overdue };
}
