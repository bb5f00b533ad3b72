import { isOneOf } from '@app/shared-types/guards';
import type { Db } from './client';
import { transactItem, type TransactItem } from './item';
import { keys } from './keys';
import type { Figure, ShardedFigure } from './plan';
import { randomInt } from 'node:crypto';

/**
 * The kept statistics figures (the engine's side: the sets, their shards and
 * how deltas add up). Which attributes a set holds (lead, dashboard and staff
 * counter names) is the dashboard module's.
 */

/** The stats sets: 'LEADS' (the CRM's analytics), 'DASHBOARD', and 'TAKERS' (who takes leads, issue 26: one item, read with one GetItem). */
export const COUNTER_NAMES = ['LEADS', 'DASHBOARD', 'TAKERS'] as const;
export type CounterName = (typeof COUNTER_NAMES)[number];
/** Counter attribute -> amount to add (negative to subtract). */
export type CounterDeltas = Record<string, number>;

/** Adds up deltas per attribute: one counter may be touched twice by one change. */
export function mergeDeltas(...all: CounterDeltas[]): CounterDeltas {
  const merged: CounterDeltas = {};
  for (const deltas of all) {
    for (const [name, delta] of Object.entries(deltas)) merged[name] = (merged[name] ?? 0) + delta;
  }
  return merged;
}

/** The stats sets `record` has an entry for, in its order (Object.keys types them as any string). */
export const countersIn = (record: Partial<Record<CounterName, unknown>>): CounterName[] =>
  Object.keys(record).flatMap((name) => (isOneOf(COUNTER_NAMES, name) ? [name] : []));

/**
 * How many items each stats set is spread over. Every write adds to one
 * shard picked at random, so transactions running at the same moment (website
 * leads arriving together) seldom touch the same item and conflict; a read
 * adds the shards up.
 */
export const COUNTER_SHARDS = 10;

/** How many items a set is spread over: the takers' set is written seldom (employee edits) and read by every new lead, so it is one. */
export const shardsOf = (name: CounterName) => (name === 'TAKERS' ? 1 : COUNTER_SHARDS);

/** A stats set as a plan's figure: a plan adds to one shard, picked at random. */
export const statsFigure = (name: CounterName): ShardedFigure => ({ type: 'Stats', shards: shardsOf(name), key: (shard) => keys.stats(name, shard) });

/**
 * The transaction entry that applies `deltas` with atomic ADDs to one shard,
 * or null when nothing changes: for transactions not yet on plans (a plan
 * adds with `add(statsFigure(name), deltas)`).
 */
export function counterUpdate(db: Db, name: CounterName, deltas: CounterDeltas): TransactItem | null {
  const add = Object.fromEntries(Object.entries(deltas).filter(([, delta]) => delta !== 0));
  if (Object.keys(add).length === 0) return null;
  return transactItem(db, { op: 'update', type: 'Stats', key: keys.stats(name, randomInt(shardsOf(name))), add });
}

/** What one item adds to a kept figure item of its own (a report's row), beside the stats sets. */
export interface FigureAddition {
  figure: Figure | ShardedFigure;
  deltas: CounterDeltas;
}

const figureId = (figure: Figure | ShardedFigure) => {
  const key = typeof figure.key === 'function' ? figure.key(0) : figure.key;
  return `${key.pk}\u0000${key.sk}`;
};

/** How the figures move when an item that added `before` adds `after` instead: one addition per figure, none that changes nothing. */
export function figureDifference(before: readonly FigureAddition[], after: readonly FigureAddition[]): FigureAddition[] {
  const merged = new Map<string, FigureAddition>();
  const negate = (deltas: CounterDeltas) => Object.fromEntries(Object.entries(deltas).map(([name, delta]) => [name, -delta]));
  for (const { figure, deltas } of [...before.map((entry) => ({ ...entry, deltas: negate(entry.deltas) })), ...after]) {
    const id = figureId(figure);
    merged.set(id, { figure: merged.get(id)?.figure ?? figure, deltas: mergeDeltas(merged.get(id)?.deltas ?? {}, deltas) });
  }
  return [...merged.values()].filter(({ deltas }) => Object.values(deltas).some((delta) => delta !== 0));
}

/** The transaction entries of figure additions, for transactions not on plans (a plan adds with `add`). */
export function figureWrites(db: Db, additions: readonly FigureAddition[]): TransactItem[] {
  return additions.flatMap(({ figure, deltas }) => {
    const key = 'shards' in figure ? figure.key(randomInt(figure.shards)) : figure.key;
    const add = Object.fromEntries(Object.entries(deltas).filter(([, delta]) => delta !== 0));
    const write = transactItem(db, { op: 'update', type: figure.type, key, add, ...(figure.sets ? { set: figure.sets } : {}) });
    return write ? [write] : [];
  });
}
