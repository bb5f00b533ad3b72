import { randomInt, randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditAction, AuditActor } from '@app/shared-types/audit';
import type { Db } from './client';
import { transactItem, type Item, type Key, type TransactItem, type Write } from './item';
import { keys } from './keys';
import { cancellationCodes } from './unavailable';

/**
 * A multi-item write is a plan: named entries (create, update, delete, add to
 * a figure, claim a marker, audit, notify, check) committed by one `commit`
 * in one TransactWriteItems. The commit owns the retries (one policy), merges
 * the additions to one figure item and the audit entries of one record,
 * refuses a plan over DynamoDB's 100 items with a clear error, and reports a
 * failed condition by its entry's name, never by position.
 *
 * Other modules' side effects (a timeline note, a notification, a figure)
 * are functions they export that add their entries to a plan.
 */

/** DynamoDB's limit of items in one transaction. */
export const MAX_PLAN_ITEMS = 100;

/** Who writes, for the audit entry (and what time it is). */
export interface WriteContext {
  actor: AuditActor;
  requestId: string;
  now: string;
}

/** A kept figure: an item whose numbers writes ADD to (a total, a month, a day); `shards` spreads hot ones. */
export interface Figure {
  /** entityType of the figure item. */
  type: string;
  key: Key;
  /** Attributes the item gets alongside the numbers (its name on a report...). */
  sets?: Item;
}

/** A figure spread over `shards` items; a plan adds to one of them, picked at random, and a read adds them up. */
export interface ShardedFigure {
  type: string;
  shards: number;
  key: (shard: number) => Key;
  sets?: Item;
}

export interface AuditEntryInput {
  entity: string;
  entityId: string;
  /** The record's name as the audit log shows it (a lead's name, a quote's number), when known. */
  title?: string;
  action: AuditAction;
  changes: Record<string, { before: unknown; after: unknown }>;
}

interface Entry {
  name: string;
  write: Write;
}

interface FigureEntry {
  name: string;
  figure: Figure | ShardedFigure;
  deltas: Record<string, number>;
}

/** The plan was larger than one transaction can be. */
export class PlanTooLarge extends Error {
  override readonly name = 'PlanTooLarge';
  constructor(readonly items: number) {
    super(`This write touches ${items} items; one commit takes at most ${MAX_PLAN_ITEMS}. Send it in smaller parts.`);
  }
}

/** Two entries of one plan touch the same item (a transaction may touch an item once). */
export class PlanOverlap extends Error {
  override readonly name = 'PlanOverlap';
  constructor(first: string, second: string) {
    super(`Plan entries '${first}' and '${second}' write the same item`);
  }
}

/**
 * Entries whose condition did not hold: the plan changed nothing. `failed`
 * names them (e.g. ['quote', 'slug']); the caller answers 409, 404... or
 * reads again.
 */
export class PlanConditionFailed extends Error {
  override readonly name = 'PlanConditionFailed';
  constructor(
    readonly failed: string[],
    cause: unknown,
  ) {
    super(`write condition failed: ${failed.join(', ')}`, { cause });
  }
  has(name: string): boolean {
    return this.failed.includes(name);
  }
}

/**
 * A write kept losing to concurrent ones (no condition of its own failed)
 * past the one retry policy: busy, not broken, so the API answers 503
 * (db/unavailable.ts lists the name).
 */
export class ContendedWrite extends Error {
  override readonly name = 'ContendedWrite';
  /** `lost`: what kept losing ('its unique claim', 'its delete', 'an approval'...). */
  constructor(type: string, cause: unknown, lost = 'its transaction') {
    super(`${type} write kept losing ${lost} to concurrent writes`, { cause });
  }
}

/**
 * The one retry policy of every write that loses to concurrent ones: how
 * many times each kind of loop tries, and the jittered pause before each
 * try, capped so that 50 writes at once to one figure item all land within a
 * request's deadline (about 6 s at worst, under the public 8 s). Only the
 * outermost loop of a write retries: an inner transaction of a loop that owns
 * its retries is sent once.
 */
export const RETRY = {
  /** Tries of a commit that only loses to concurrent transactions (no condition failed). */
  attempts: 20,
  /** Read-build-commit rounds of a workflow (`rounds`): each one reads again what moved on meanwhile. */
  rounds: 4,
  /** Rounds of an entity's update or delete whose item changed since it was read. */
  edits: 6,
  /**
   * Tries of a claim of contested unique values that only loses to concurrent transactions: as many
   * as a commit's. A loser finds the marker free while the winner's transaction is still landing,
   * and on a busy machine that lasts; with 8, 20 creates of one title at once could answer 503.
   */
  claims: 20,
  /** Rounds of one claim in all (each taken derived candidate is one). */
  claimRounds: 60,
  /**
   * Rounds of a new lead's write that lost its turn of the lead rotation to another new lead
   * (leads/lead-assignment.ts): one turn is taken per commit, so with 20 leads at once the last
   * one waits for 19 others.
   */
  turns: 60,
  /**
   * The pause before a round that lost its turn: short, growing slowly (the turn was taken, not the
   * table busy: the next one is free as soon as the winner's commit lands), jittered so that the
   * losers do not all come back at once.
   */
  turnPause: (attempt: number) => new Promise<void>((resolve) => setTimeout(resolve, 5 + Math.random() * Math.min(15 * attempt, 150))),
  /** Tries of a lone transaction (transactWrite) that only loses to concurrent ones. */
  single: 6,
  pause: (attempt: number) => new Promise<void>((resolve) => setTimeout(resolve, 5 + Math.random() * Math.min(20 * 2 ** attempt, 300))),
};

export class WritePlan {
  private readonly entries: Entry[] = [];
  private readonly figures = new Map<string, FigureEntry>();
  private readonly audits = new Map<string, { name: string; entry: AuditEntryInput }>();

  constructor(
    readonly db: Db,
    readonly ctx: WriteContext,
  ) {}

  /** Adds a named write. Names are unique within a plan (they name what failed). */
  write(name: string, write: Write): this {
    if (this.has(name)) throw new Error(`A plan entry is already named '${name}'`);
    this.entries.push({ name, write });
    return this;
  }

  /** The same as write, for entries a definition builds in a group (its markers, tokens): `name.part`. */
  writeAll(name: string, writes: Write[]): this {
    writes.forEach((write, i) => this.write(writes.length === 1 ? name : `${name}.${i}`, write));
    return this;
  }

  /** A condition on an item the plan does not change (a reference that must exist). */
  check(name: string, write: Extract<Write, { op: 'check' }>): this {
    return this.write(name, write);
  }

  /**
   * Adds `deltas` to a figure. Additions to one figure item merge into one
   * entry (a transaction may touch an item once); a sharded figure gets one
   * shard per plan. Zeros are left out; nothing to add writes nothing.
   */
  add(figure: Figure | ShardedFigure, deltas: Record<string, number>, name = 'figures'): this {
    const first = typeof figure.key === 'function' ? figure.key(0) : figure.key;
    const id = `${first.pk}\u0000${first.sk}`;
    const current = this.figures.get(id);
    const merged = { ...current?.deltas };
    for (const [attribute, delta] of Object.entries(deltas)) merged[attribute] = round(merged[attribute] ?? 0) + round(delta);
    this.figures.set(id, { name: current?.name ?? name, figure, deltas: merged });
    return this;
  }

  /**
   * The audit entry of a change. Two of one record in one plan merge into
   * one: the first action, each field's first 'before' and last 'after'.
   */
  audit(entry: AuditEntryInput): this {
    const id = `${entry.entity}\u0000${entry.entityId}`;
    const current = this.audits.get(id);
    if (!current) {
      this.audits.set(id, { name: `audit:${entry.entity}:${entry.entityId}`, entry: { ...entry, changes: { ...entry.changes } } });
      return this;
    }
    for (const [field, change] of Object.entries(entry.changes)) {
      const before = current.entry.changes[field];
      current.entry.changes[field] = { before: before ? before.before : change.before, after: change.after };
    }
    return this;
  }

  /** Adds what another module's function puts in (a timeline note, a notification). */
  include(part: (plan: WritePlan) => void): this {
    part(this);
    return this;
  }

  has(name: string): boolean {
    return this.entries.some((entry) => entry.name === name);
  }

  /** The plan's entries as one transaction: each write, then the merged figures, then the audit entries. */
  build(): { names: string[]; items: TransactItem[] } {
    const db = this.db;
    const names: string[] = [];
    const items: TransactItem[] = [];
    const seen = new Map<string, string>();
    const push = (name: string, key: Key | undefined, item: TransactItem | null) => {
      if (!item) return;
      if (key) {
        const id = `${key.pk}\u0000${key.sk}`;
        const other = seen.get(id);
        if (other !== undefined) throw new PlanOverlap(other, name);
        seen.set(id, name);
      }
      names.push(name);
      items.push(item);
    };
    for (const { name, write } of this.entries) push(name, write.key, transactItem(db, write));
    for (const { name, figure, deltas } of this.figures.values()) {
      const add = Object.fromEntries(Object.entries(deltas).filter(([, delta]) => delta !== 0));
      if (Object.keys(add).length === 0) continue;
      const key = 'shards' in figure ? figure.key(randomInt(figure.shards)) : figure.key;
      push(name, key, transactItem(db, { op: 'update', type: figure.type, key, add, ...(figure.sets ? { set: figure.sets } : {}) }));
    }
    for (const { name, entry } of this.audits.values()) {
      const write = auditWrite(this.ctx, entry);
      push(name, write.key, transactItem(db, write));
    }
    if (items.length > MAX_PLAN_ITEMS) throw new PlanTooLarge(items.length);
    return { names, items };
  }

  get size(): number {
    return this.entries.length + this.figures.size + this.audits.size;
  }

  /** Commits the plan (see `commit`). */
  commit(options: CommitOptions = {}): Promise<void> {
    return commit(this, options);
  }
}

/** A new plan for a write made by `ctx`'s actor. */
export function plan(db: Db, ctx: WriteContext): WritePlan {
  return new WritePlan(db, ctx);
}

/**
 * Commits the plan in one transaction. A loss to concurrent transactions
 * only (no condition failed) is sent again after a jittered pause, up to
 * RETRY.attempts, then ContendedWrite (503). A failed condition throws
 * PlanConditionFailed naming the entries; nothing was written.
 */
export interface CommitOptions {
  /**
   * Tries before ContendedWrite (default RETRY.attempts). Fewer only for a
   * caller with a policy of its own for what loses (a bulk update sets busy
   * items aside and reports them), so it does not keep hammering them.
   */
  attempts?: number;
}

export async function commit(writes: WritePlan, options: CommitOptions = {}): Promise<void> {
  const attempts = options.attempts ?? RETRY.attempts;
  const { names, items } = writes.build();
  const db = writes.db;
  if (items.length === 0) return;
  for (let attempt = 1; ; attempt++) {
    try {
      await db.doc.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      const codes = cancellationCodes(error);
      if (codes === undefined) {
        if (!isConflictError(error)) throw error;
      } else {
        const failed = codes.flatMap((code, i) => (code === 'ConditionalCheckFailed' ? [names[i] ?? `#${i}`] : []));
        if (failed.length > 0) throw new PlanConditionFailed(failed, error);
        if (!codes.includes('TransactionConflict')) throw error;
      }
      if (attempt >= attempts) throw new ContendedWrite(names[0] ?? 'plan', error);
      await RETRY.pause(attempt);
    }
  }
}

/**
 * Runs a read-build-commit round again while it answers `again` (what it
 * read moved on before the commit: a failed condition it chose to re-read
 * for), with the one policy's pause; ContendedWrite past its attempts.
 */
export const AGAIN = Symbol('again');
export async function rounds<R>(
  type: string,
  round: (attempt: number) => Promise<R | typeof AGAIN>,
  limit = RETRY.rounds,
  pause: (attempt: number) => Promise<void> = RETRY.pause,
): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    const result = await round(attempt);
    if (result !== AGAIN) return result;
    if (attempt >= limit) throw new ContendedWrite(type, undefined, 'its reads');
    await pause(attempt);
  }
}

const isConflictError = (error: unknown) => error instanceof Error && error.name === 'TransactionConflictException';

/** Money and hours add up in hundredths without float drift. */
const round = (value: number) => Math.round(value * 100) / 100;

/** The audit entry of a change (never updated or deleted afterwards), listed by time, entity and actor. */
function auditWrite(ctx: WriteContext, entry: AuditEntryInput): Write {
  const id = randomUUID();
  const sort = `${ctx.now}#${id}`;
  const key = keys.auditEntry(entry.entityId, sort);
  return {
    op: 'put',
    type: 'AuditEntry',
    key,
    item: {
      ...key,
      entityType: 'AuditEntry',
      id,
      at: ctx.now,
      actor: ctx.actor,
      ...entry,
      requestId: ctx.requestId,
      gsi1pk: keys.auditLog(),
      gsi1sk: sort,
      gsi2pk: keys.auditByEntity(entry.entity),
      gsi2sk: sort,
      gsi3pk: keys.auditByActor(ctx.actor.id),
      gsi3sk: sort,
    },
    condition: { expression: 'attribute_not_exists(pk)' },
  };
}
