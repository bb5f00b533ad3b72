import type { Db } from '../db/client';
import { allPages } from '../db/entity';
import { type CounterName } from '../db/figures';
import { queryPage } from '../db/item';
import { keys } from '../db/keys';

export { COUNTER_SHARDS, counterUpdate, mergeDeltas, statsFigure, type CounterDeltas, type CounterName } from '../db/figures';

/**
 * Counters kept up to date by the writes that change them, inside the same
 * transaction (plans add to `statsFigure(set)`), so a count is never off and
 * reading one is a small Query instead of a table walk. Two sets: 'LEADS'
 * (the CRM's analytics) and 'DASHBOARD'; the names of their attributes are here.
 */

/** Attribute names of the lead counters. */
export const leadCounter = {
  total: 'total',
  status: (status: string) => `status:${status}`,
  source: (source: string) => `source:${source}`,
  /** The budgets (rupees) of the leads in a status: the pipeline board's column totals. */
  budget: (status: string) => `budget:${status}`,
};

/** Attribute names of the dashboard counters (later issues keep the ones they own). */
export const dashboardCounter = {
  customers: 'customers',
  activeProjects: 'activeProjects',
  pendingQuotations: 'pendingQuotations',
  activeVendors: 'activeVendors',
};

/** Attribute names of the staff counters (in the DASHBOARD set): Employee Management's cards. */
export const employeeCounter = {
  total: 'employees',
  status: (status: string) => `employees:status:${status}`,
  department: (department: string) => `employees:dept:${department}`,
  /** An active employee who takes leads (issue 26): their id and name. */
  taker: (id: string, name: string) => `employees:taker:${id}:${name}`,
  takerPrefix: 'employees:taker:',
  /** How many departments have anyone in them, of every department counter there is (departments are the firm's own names). */
  departmentsInUse: (counters: Record<string, number>) =>
    Object.entries(counters).filter(([name, count]) => name.startsWith('employees:dept:') && count > 0).length,
};

const isCounterName = (name: string): name is CounterName => name === 'LEADS' || name === 'DASHBOARD' || name === 'TAKERS';

/**
 * Reads every counter (all shards of both sets: one Query of a small
 * partition) and adds the shards up. A stats item's attributes are open
 * (any counter name): its numbers are what is read, nothing else.
 */
export async function readCounters(db: Db): Promise<Record<CounterName, Record<string, number>>> {
  const result: Record<CounterName, Record<string, number>> = { LEADS: {}, DASHBOARD: {}, TAKERS: {} };
  const items = await allPages((start) => queryPage(db, { pk: keys.statsPartition(), consistent: true, start }));
  for (const item of items) {
    const set = String(item.sk).split('#')[0] ?? '';
    if (!isCounterName(set)) continue;
    const counters = result[set];
    for (const [attribute, value] of Object.entries(item)) {
      if (typeof value === 'number') counters[attribute] = (counters[attribute] ?? 0) + value;
    }
  }
  return result;
}
