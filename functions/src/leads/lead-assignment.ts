import * as yup from 'yup';
import type { Lead } from '@app/shared-types/leads';
import type { LeadAssignmentRule } from '@app/shared-types/settings';
import type { Db } from '../db/client';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
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
 * (the website's function may not Query). The turn of each pool is a cursor
 * item (the last taker, the turns taken) that the lead's plan moves on the
 * condition that it is still as read: two leads created at once cannot take
 * the same turn, so no taker is skipped or doubled. The loser of a turn reads
 * again (the plan's rounds, RETRY.turns).
 */

/** The round-robin cursor of a pool: who had the last turn and how many turns were taken. */
export const leadRotationKind = defineItem({
  type: 'LeadRotation',
  schema: yup.object({ pool: yup.string().required(), last: yup.string().defined().default(''), turns: yup.number().integer().defined().default(0) }),
  key: (pool: string) => keys.leadRotation(pool),
  partition: 'LEADROTATION',
  grants: { public: ['read', 'write'] },
  // The takers are read from the employees' kept figure (STATS 'TAKERS#0').
  otherPartitions: { STATS: { public: ['read'] } },
});

export interface Taker {
  id: string;
  name: string;
}

interface Cursor {
  last: string;
  /** Turns taken when read; undefined when the pool has no cursor yet. */
  turns: number | undefined;
}

/** The pool of a lead with no rule: everyone who takes leads. */
export const ALL_TAKERS = 'all';

/** Whether a plan lost its turn (another lead took it, or the taker stopped taking leads): read again. */
export function lostTurn(error: unknown): boolean {
  return error instanceof PlanConditionFailed && error.failed.some(isTurnEntry);
}
export const isTurnEntry = (name: string) => name.startsWith('rotation:');

/**
 * The turns of one read of the rotation: `next` hands out takers in turn (for
 * one lead or a whole import), `plan` adds the cursor moves and the takers'
 * checks to the plan that writes those leads.
 */
export class LeadTurns {
  private readonly moved = new Map<string, Cursor & { seen: number | undefined; taken: number }>();
  private readonly unassigned: Pick<Lead, 'id' | 'name' | 'phone' | 'source'>[] = [];

  constructor(
    readonly takers: readonly Taker[],
    private readonly cursors: ReadonlyMap<string, Cursor>,
    readonly rules: readonly LeadAssignmentRule[],
  ) {}

  /** The same read with no turn handed out yet (a plan built again). */
  fresh(): LeadTurns {
    return new LeadTurns(this.takers, this.cursors, this.rules);
  }

  /** How many pools (cursor items) a plan may move: everyone's and each rule's. */
  get pools(): number {
    return 1 + this.rules.length;
  }

  /** The pool a lead goes to and its eligible takers (sorted by id); undefined when nobody takes leads. */
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

  /** The next taker for `lead` (its pool's turn moves on), or undefined when nobody is eligible. */
  next(lead: Pick<Lead, 'source' | 'location'>): Taker | undefined {
    const found = this.poolOf(lead);
    if (!found) return undefined;
    const { pool, eligible } = found;
    const cursor = this.moved.get(pool) ?? { ...(this.cursors.get(pool) ?? { last: '', turns: undefined }), seen: this.cursors.get(pool)?.turns, taken: 0 };
    // The first taker after the last one by id: a taker who joined or left meanwhile skips nobody else.
    const taker = eligible.find((candidate) => candidate.id > cursor.last) ?? eligible[0]!;
    this.moved.set(pool, { ...cursor, last: taker.id, taken: cursor.taken + 1 });
    return taker;
  }

  /** Whether a turn was handed out (a plan then moves a cursor). */
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
   * The cursors' moves, each on the condition that it is as read, and the
   * managers' notice of leads nobody takes (one per plan: an import's part
   * names how many).
   */
  plan(p: WritePlan): void {
    for (const [pool, cursor] of this.moved) {
      const asRead: Condition =
        cursor.seen === undefined
          ? { expression: 'attribute_not_exists(pk)' }
          : { expression: '#cTurns = :cTurns', names: { '#cTurns': 'turns' }, values: { ':cTurns': cursor.seen } };
      p.write(`rotation:${pool}`, leadRotationKind.update([pool], { set: { pool, last: cursor.last }, add: { turns: cursor.taken }, condition: asRead }));
    }
    const [first, ...more] = this.unassigned;
    if (first) {
      const name = more.length > 0 ? `${first.name} and ${more.length} more` : first.name;
      notify(p, { kind: 'lead.unassigned', leadId: first.id, name, phone: first.phone, source: first.source });
    }
  }
}

/** Who takes leads: the employees' kept figure (one item, GetItem: the website's function may not Query), sorted by id. */
async function readTakers(db: Db): Promise<Taker[]> {
  const { Item: item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.stats('TAKERS', 0), ConsistentRead: true }));
  return Object.entries(item ?? {})
    .filter(([name, count]) => name.startsWith(employeeCounter.takerPrefix) && typeof count === 'number' && count > 0)
    .map(([name]) => {
      const rest = name.slice(employeeCounter.takerPrefix.length);
      const at = rest.indexOf(':');
      return { id: rest.slice(0, at), name: rest.slice(at + 1) };
    })
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The pools' cursors, strongly consistent. */
async function readCursors(db: Db, rules: readonly LeadAssignmentRule[]): Promise<Map<string, Cursor>> {
  const pools = [ALL_TAKERS, ...rules.map((rule) => `rule:${rule.id}`)];
  const cursors = await Promise.all(pools.map((pool) => leadRotationKind.get(db, [pool], { consistent: true })));
  return new Map(cursors.flatMap((item): [string, Cursor][] => (item ? [[item.pool, { last: item.last, turns: item.turns }]] : [])));
}

/**
 * Reads who takes leads, the pools' cursors and the rules (strongly consistent: a turn is decided
 * on them). `after`: a read whose turn was lost; only the cursors are read again (who takes leads
 * is checked by the assignee's guard or changes seldom; a change shows at the next lead).
 */
export async function readTurns(db: Db, after?: LeadTurns): Promise<LeadTurns> {
  if (after) return new LeadTurns(after.takers, await readCursors(db, after.rules), after.rules);
  const [takers, settings] = await Promise.all([readTakers(db), getSettings(db)]);
  const rules = settings.business.leadAssignmentRules;
  return new LeadTurns(takers, await readCursors(db, rules), rules);
}
