import { randomInt } from 'node:crypto';
import * as yup from 'yup';
import type { Lead } from '@app/shared-types/leads';
import type { LeadAssignmentRule } from '@app/shared-types/settings';
import type { Db } from '../db/client';
import { isRecord } from '@app/shared-types/guards';
import { defineItem, type Condition } from '../db/item';
import { employeeCounter } from '../dashboard';
import { keys } from '../db/keys';
import { PlanConditionFailed, type WritePlan } from '../db/plan';
import { notify } from '../notify';
import { getSettings } from '../settings';

/**
 * Speed-to-lead (issue 26): every new lead without an assignee gets one in
 * its own commit, round-robin among the active employees who take leads
 * (the rules of Settings > Business first: by source, by city).
 *
 * Who takes leads is a kept figure of the employees (the stats set
 * 'TAKERS', one item, moved by every employee write), read with one GetItem
 * (the website's function may not Query). Each taker has a count of turns
 * per pool (an item each): a lead goes to a taker with the fewest turns, and
 * its plan moves that count on the condition that it is still as read. So a
 * taker's count only moves from the lowest, and no two takers' counts are
 * ever more than one apart: none skipped or doubled, even for leads created
 * at once. Leads at once that pick different takers (ties are broken at
 * random) do not contend; the loser of a turn reads the counts again (the
 * plan's rounds, RETRY.turns).
 */

/** A taker's count of turns in one pool. */
export const leadRotationKind = defineItem({
  type: 'LeadRotation',
  schema: yup.object({ pool: yup.string().required(), employeeId: yup.string().required(), turns: yup.number().integer().defined().default(0) }),
  key: (pool: string, employeeId: string) => keys.leadRotation(`${pool}#${employeeId}`),
  partition: 'LEADROTATION',
  grants: { public: ['read', 'write'] },
  // The takers are read from the employees' kept figure (STATS 'TAKERS#0').
  otherPartitions: { STATS: { public: ['read'] } },
});

/** The takers' figure as read: the stats item (db/engine-kinds.ts statsKind) with its counters kept, not stripped. */
const takersFigureKind = defineItem({
  type: 'Stats',
  schema: yup.mixed<Record<string, unknown>>(isRecord).required(),
  key: () => keys.stats('TAKERS', 0),
  partition: 'STATS',
});

export interface Taker {
  id: string;
  name: string;
}

/** The pool of a lead with no rule: everyone who takes leads. */
export const ALL_TAKERS = 'all';

/** Whether a plan lost its turn (another lead took it): read again. */
export function lostTurn(error: unknown): boolean {
  return error instanceof PlanConditionFailed && error.failed.some(isTurnEntry);
}
export const isTurnEntry = (name: string) => name.startsWith('rotation:');

/** A taker's turns in a pool: as read (undefined: no item yet) and as the plan leaves them. */
interface Count {
  seen: number | undefined;
  turns: number;
}

/**
 * The turns of one read of the rotation: `assign` hands out takers (for one
 * lead or a whole import), `plan` adds the counts' moves to the plan that
 * writes those leads.
 */
export class LeadTurns {
  private readonly counts = new Map<string, Count>();
  private readonly moved = new Set<string>();
  private readonly unassigned: Pick<Lead, 'id' | 'name' | 'phone' | 'source'>[] = [];

  constructor(
    readonly takers: readonly Taker[],
    /** `pool#employeeId` -> turns, as read. */
    private readonly read: ReadonlyMap<string, number>,
    readonly rules: readonly LeadAssignmentRule[],
    /**
     * Whether the firm assigns leads in turn (someone took leads once): only then is a lead nobody is
     * eligible for news for the managers (else every lead is unassigned, and lead.created tells everyone).
     */
    readonly inUse = false,
  ) {}

  /** The same read with no turn handed out yet (a plan built again). */
  fresh(): LeadTurns {
    return new LeadTurns(this.takers, this.read, this.rules, this.inUse);
  }

  /** The pools a lead may go to: everyone's and each rule's. */
  static pools(rules: readonly LeadAssignmentRule[]): string[] {
    return [ALL_TAKERS, ...rules.map((rule) => `rule:${rule.id}`)];
  }

  /** How many count items a plan may move at most (each taker in each pool). */
  get items(): number {
    return this.takers.length * (1 + this.rules.length);
  }

  /** The pool a lead goes to and its eligible takers; undefined when nobody takes leads. */
  private poolOf(lead: Pick<Lead, 'source' | 'location'>): { pool: string; eligible: Taker[] } | undefined {
    const city = lead.location.trim().toLowerCase();
    for (const rule of this.rules) {
      if (rule.source && rule.source !== lead.source) continue;
      if (rule.city && rule.city.trim().toLowerCase() !== city) continue;
      const eligible = this.takers.filter((taker) => rule.employeeIds.includes(taker.id));
      if (eligible.length > 0) return { pool: `rule:${rule.id}`, eligible };
    }
    return this.takers.length > 0 ? { pool: ALL_TAKERS, eligible: [...this.takers] } : undefined;
  }

  private countOf(key: string): Count {
    const count = this.counts.get(key);
    if (count) return count;
    const seen = this.read.get(key);
    const made = { seen, turns: seen ?? 0 };
    this.counts.set(key, made);
    return made;
  }

  /** The next taker for `lead` (their count moves on), or undefined when nobody is eligible. */
  next(lead: Pick<Lead, 'source' | 'location'>): Taker | undefined {
    const found = this.poolOf(lead);
    if (!found) return undefined;
    const { pool, eligible } = found;
    const counts = eligible.map((taker) => ({ taker, count: this.countOf(`${pool}#${taker.id}`) }));
    // A taker new to the pool (or back after a while) starts one below the most turns, not from 0: they are not flooded.
    const most = Math.max(...counts.map(({ count }) => count.turns));
    for (const { count } of counts) count.turns = Math.max(count.turns, most - 1);
    const fewest = Math.min(...counts.map(({ count }) => count.turns));
    const ties = counts.filter(({ count }) => count.turns === fewest);
    // Ties at random: leads created at once pick different takers and do not contend.
    const { taker, count } = ties[randomInt(ties.length)]!;
    count.turns++;
    this.moved.add(`${pool}#${taker.id}`);
    return taker;
  }

  /** Whether a turn was handed out (a plan then moves a count). */
  get any(): boolean {
    return this.moved.size > 0;
  }

  /**
   * `lead` (new) with the next taker of its turn when it has no assignee; with
   * nobody eligible it stays unassigned, and the plan tells the managers.
   */
  assign<L extends Pick<Lead, 'id' | 'name' | 'phone' | 'source' | 'location' | 'assignedTo' | 'assignedToName'>>(lead: L): L {
    if (lead.assignedTo) return lead;
    const taker = this.next(lead);
    if (taker) return { ...lead, assignedTo: taker.id, assignedToName: taker.name };
    this.unassigned.push(lead);
    return lead;
  }

  /**
   * The counts' moves, each on the condition that it is as read, and the
   * managers' notice of leads nobody takes (one per plan: an import's part
   * names how many).
   */
  plan(p: WritePlan): void {
    for (const key of this.moved) {
      const count = this.countOf(key);
      const at = key.lastIndexOf('#');
      const [pool, employeeId] = [key.slice(0, at), key.slice(at + 1)];
      const asRead: Condition =
        count.seen === undefined
          ? { expression: 'attribute_not_exists(pk)' }
          : { expression: '#cTurns = :cTurns', names: { '#cTurns': 'turns' }, values: { ':cTurns': count.seen } };
      p.write(`rotation:${key}`, leadRotationKind.update([pool, employeeId], { set: { pool, employeeId, turns: count.turns }, condition: asRead }));
    }
    const [first, ...more] = this.unassigned;
    if (first && this.inUse) {
      const name = more.length > 0 ? `${first.name} and ${more.length} more` : first.name;
      notify(p, { kind: 'lead.unassigned', leadId: first.id, name, phone: first.phone, source: first.source });
    }
  }
}

/**
 * Who takes leads: the employees' kept figure (one item, GetItem: the website's function may not Query), sorted
 * by id; `inUse`: whether anyone ever took leads (a counter at 0 is someone who stopped).
 */
async function readTakers(db: Db): Promise<{ takers: Taker[]; inUse: boolean }> {
  const item = await takersFigureKind.get(db, []);
  const counters = Object.entries(item ?? {}).filter(([name, count]) => name.startsWith(employeeCounter.takerPrefix) && typeof count === 'number');
  const takers = counters
    .filter(([, count]) => Number(count) > 0)
    .map(([name]) => {
      const rest = name.slice(employeeCounter.takerPrefix.length);
      const at = rest.indexOf(':');
      return { id: rest.slice(0, at), name: rest.slice(at + 1) };
    })
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { takers, inUse: counters.length > 0 };
}

/** Every taker's count in every pool, strongly consistent (GetItem each: a handful). */
async function readCounts(db: Db, takers: readonly Taker[], rules: readonly LeadAssignmentRule[]): Promise<Map<string, number>> {
  const keysToRead = LeadTurns.pools(rules).flatMap((pool) =>
    takers.filter((taker) => pool === ALL_TAKERS || rules.some((rule) => `rule:${rule.id}` === pool && rule.employeeIds.includes(taker.id))).map((taker) => [pool, taker.id] as const),
  );
  const items = await Promise.all(keysToRead.map((args) => leadRotationKind.get(db, [...args], { consistent: true })));
  return new Map(items.flatMap((item): [string, number][] => (item ? [[`${item.pool}#${item.employeeId}`, item.turns]] : [])));
}

/**
 * Reads who takes leads, their counts and the rules (strongly consistent: a turn is decided
 * on them). `after`: a read whose turn was lost; only the counts are read again (who takes leads
 * is checked by the assignee's guard or changes seldom; a change shows at the next lead).
 */
export async function readTurns(db: Db, after?: LeadTurns): Promise<LeadTurns> {
  if (after) return new LeadTurns(after.takers, await readCounts(db, after.takers, after.rules), after.rules, after.inUse);
  const { takers, inUse } = await readTakers(db);
  // The rules matter only when someone takes leads (a lead then reads Settings, cached per request).
  const rules = takers.length > 0 ? (await getSettings(db)).business.leadAssignmentRules : [];
  return new LeadTurns(takers, await readCounts(db, takers, rules), rules, inUse);
}
