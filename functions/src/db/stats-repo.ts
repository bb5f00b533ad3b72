import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';
import { keys } from './keys';

/**
 * Counters kept up to date by the writes that change them, inside the same
 * transaction, so a count is never off and reading one is a GetItem instead of
 * a table walk. Two items: 'LEADS' (the CRM's analytics) and 'DASHBOARD'.
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

/** Adds up deltas per attribute: one counter may be touched twice by one change. */
export function mergeDeltas(...all: CounterDeltas[]): CounterDeltas {
  const merged: CounterDeltas = {};
  for (const deltas of all) {
    for (const [name, delta] of Object.entries(deltas)) merged[name] = (merged[name] ?? 0) + delta;
  }
  return merged;
}

/**
 * The TransactWriteItems entry that applies `deltas` with atomic ADDs, or null
 * when nothing changes. Attribute names go through placeholders (they hold
 * spaces and colons).
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
      Key: keys.stats(name),
      UpdateExpression: `ADD ${clauses.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** Reads counter items in one BatchGetItem; a counter never written reads as 0. */
export async function readCounters(db: Db, names: readonly CounterName[]): Promise<Record<CounterName, Record<string, number>>> {
  const result = { LEADS: {}, DASHBOARD: {} } as Record<CounterName, Record<string, number>>;
  let request: Record<string, { Keys: Record<string, string>[]; ConsistentRead: boolean }> | undefined = {
    [db.table]: { Keys: names.map((name) => keys.stats(name)), ConsistentRead: true },
  };
  for (let attempt = 0; request && attempt < 5; attempt++) {
    const response: BatchGetCommandOutput = await db.doc.send(new BatchGetCommand({ RequestItems: request }));
    for (const item of response.Responses?.[db.table] ?? []) {
      const counters: Record<string, number> = {};
      for (const [attribute, value] of Object.entries(item)) {
        if (typeof value === 'number') counters[attribute] = value;
      }
      result[item.sk as CounterName] = counters;
    }
    const unprocessed: { Keys?: Record<string, unknown>[] } | undefined = response.UnprocessedKeys?.[db.table];
    request = unprocessed?.Keys?.length
      ? { [db.table]: { Keys: unprocessed.Keys as Record<string, string>[], ConsistentRead: true } }
      : undefined;
  }
  return result;
}
