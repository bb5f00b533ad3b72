import * as yup from 'yup';
import type { Lead } from './leads';
import type { BusinessHours } from './settings';

/**
 * Speed-to-lead (issue 26): the first-response clock counts only business
 * hours (Settings > Business: days and times in Asia/Kolkata, which keeps
 * UTC+05:30 all year).
 */

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 86_400_000;

/** 'HH:MM' as minutes after midnight. */
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** The business minutes (whole, rounded down) between two instants (ms since the epoch); 0 when `to` is not after `from`. */
export function businessMinutesBetween(fromMs: number, toMs: number, hours: BusinessHours): number {
  if (!(toMs > fromMs)) return 0;
  const open = minutesOf(hours.start) * 60_000;
  const close = minutesOf(hours.end) * 60_000;
  let total = 0;
  // Each Asia/Kolkata calendar day from the one `from` falls on: its business hours' overlap with [from, to].
  for (let dayStart = Math.floor((fromMs + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS; dayStart < toMs; dayStart += DAY_MS) {
    const weekday = new Date(dayStart + IST_OFFSET_MS).getUTCDay();
    if (!hours.days.includes(weekday)) continue;
    const start = Math.max(fromMs, dayStart + open);
    const end = Math.min(toMs, dayStart + close);
    if (end > start) total += end - start;
  }
  return Math.floor(total / 60_000);
}

/** GET /api/leads/response-overdue: the oldest overdue leads (at most 100) and how many there are. */
export interface ResponseOverdue {
  items: Lead[];
  total: number;
}

/** GET /api/leads/first-response?month=YYYY-MM: the per-salesperson report. */
export const firstResponseReportQuerySchema = yup.object({
  month: yup
    .string()
    .typeError('Month must be YYYY-MM')
    .required('Month is required')
    .matches(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM'),
});

/** One salesperson's first responses in a month. */
export interface FirstResponseRow {
  employeeId: string;
  employeeName: string;
  /** Leads they first responded to in the month. */
  responses: number;
  /** Median business minutes from the lead's arrival to their first response. */
  medianMinutes: number;
  /** Share of responses within the SLA, a percentage with one decimal. */
  withinSlaPercent: number;
}

export interface FirstResponseReport {
  month: string;
  slaMinutes: number;
  rows: FirstResponseRow[];
}

/** The median of some numbers (the mean of the two middle ones for an even count); 0 for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
