import { Hono } from 'hono';
import { calendarDate } from '@app/shared-types/format';
import type { DashboardStats } from '@app/shared-types/dashboard';
import { MANAGER_ROLES } from '@app/shared-types/employees';
import { isOneOf } from '@app/shared-types/guards';
import { authOf, nowMs } from '../auth';
import { financeSummary } from '../finance';
import { listFollowUpsDue, listNewestInStatus } from '../leads';
import { dashboardCounter, leadCounter, readCounters } from './stats-repo';
import type { AppEnv } from '../app-deps';
import { access } from '../lib/route-access';

const NEW_LEADS_SHOWN = 5;
const FOLLOW_UPS_SHOWN = 10;

/**
 * The dashboard's figures: kept counters (one Query of the small STATS partition), the newest New
 * leads (one Query) and the follow-ups due (a Query on the follow-up index,
 * bounded by today's date) and, for the roles that see Finance (manager and
 * up, PRODUCT.md), the money cards from the kept finance figures: an
 * employee's answer has no money in it, not only no money shown.
 */
export const dashboard = new Hono<AppEnv>().get('/comprehensive-stats', access.staff(), async (c) => {
  const db = c.var.deps.db;
  const today = calendarDate(nowMs(c));
  const seesMoney = isOneOf(MANAGER_ROLES, authOf(c).employee.role);
  const [counters, newLeads, followUpsDue, money] = await Promise.all([
    readCounters(db),
    listNewestInStatus(db, 'New', NEW_LEADS_SHOWN),
    listFollowUpsDue(db, today, FOLLOW_UPS_SHOWN),
    seesMoney ? financeSummary(db, today) : undefined,
  ]);
  const count = (value: number | undefined) => Math.max(0, value ?? 0);
  const stats: DashboardStats = {
    totalCustomers: count(counters.DASHBOARD[dashboardCounter.customers]),
    activeProjects: count(counters.DASHBOARD[dashboardCounter.activeProjects]),
    pendingQuotations: count(counters.DASHBOARD[dashboardCounter.pendingQuotations]),
    totalVendors: count(counters.DASHBOARD[dashboardCounter.activeVendors]),
    newLeads,
    newLeadsCount: count(counters.LEADS[leadCounter.status('New')]),
    followUpsDue,
    ...(money ? { incomeThisMonth: money.thisMonthIncome, pendingReceivables: money.pendingReceivables, overduePayments: money.overduePayments } : {}),
  };
  c.header('Cache-Control', 'no-store');
  return c.json(stats, 200);
});
