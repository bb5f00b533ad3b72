import { randomInt } from 'node:crypto';
import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client';
import type { ShardedFigure } from '../db/plan';
import { keys } from '../db/keys';

/**
 * Counters kept up to date by the writes that change them, inside the same
 * transaction, so a count is never off and reading one is a GetItem instead of
 * a table walk. Two sets: 'LEADS' (the CRM's analytics) and 'DASHBOARD'.
 */

export type CounterName = 'LEADS' | 'DASHBOARD';
/** Counter attribute -> amount to add (negative to subtract). */
export type CounterDeltas = Record<string, number>;

/** Attribute names of the lead counters. */
export const leadCounter = {
  total: 'total',
  status: (status: string) => `status:${status}`,
  source: (source: string) => `source:${source}`,
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
};

/** Adds up deltas per attribute: one counter may be touched twice by one change. */
export function mergeDeltas(...all: CounterDeltas[]): CounterDeltas {
  const merged: CounterDeltas = {};
  for (const deltas of all) {
    for (const [name, delta] of Object.entries(deltas)) merged[name] = (merged[name] ?? 0) + delta;
  }
  return merged;
}

/**
 * How many items each counter set is spread over. Every write adds to one
 * shard picked at random, so transactions running at the same moment (website
 * leads arriving together) seldom touch the same item and conflict; a read
 * adds the shards up.
 */
export const COUNTER_SHARDS = 10;

/** A counter set as a plan's figure: a plan adds to one shard, picked at random. */
export const statsFigure = (name: CounterName): ShardedFigure => ({ type: 'Stats', shards: COUNTER_SHARDS, key: (shard) => keys.stats(name, shard) });

/**
 * The TransactWriteItems entry that applies `deltas` with atomic ADDs to one
 * shard, or null when nothing changes. Attribute names go through
 * placeholders (they hold spaces and colons).
 */
export function counterUpdate(db: Db, name: CounterName, deltas: CounterDeltas) {
  const entries = Object.entries(deltas).filter(([, delta]) => delta !== 0);
  if (entries.length === 0) return null;
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  const clauses = entries.map(([attribute, delta], i) => {
    names[`#c${i}`] = attribute;
    values[`:c${i}`] = delta;
    return `#c${i} :c${i}`;
  });
  return {
    Update: {
      TableName: db.table,
      Key: keys.stats(name, randomInt(COUNTER_SHARDS)),
      UpdateExpression: `ADD ${clauses.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** Reads every counter (all shards of both sets: one Query of a small partition) and adds the shards up. */
export async function readCounters(db: Db): Promise<Record<CounterName, Record<string, number>>> {
  const result: Record<CounterName, Record<string, number>> = { LEADS: {}, DASHBOARD: {} };
  let start: Record<string, unknown> | undefined;
  do {
    const page: QueryCommandOutput = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.statsPartition() },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const counters = result[String(item.sk).split('#')[0] as CounterName];
      if (!counters) continue;
      for (const [attribute, value] of Object.entries(item)) {
        if (typeof value === 'number') counters[attribute] = (counters[attribute] ?? 0) + value;
      }
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return result;
}
