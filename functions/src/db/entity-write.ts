import type { AuditAction } from '@app/shared-types/audit';
import type { Db } from './client';
import {
  ContendedWrite,
  MAX_ATTEMPTS,
  pauseBeforeRetry,
  WriteConflict,
  type AccessPattern,
  type ClaimState,
  type Condition,
  type CreateResult,
  type Stored,
  type UpdateResult,
  type WriteContext,
} from './entity-base';
import type { entityClaims } from './entity-claim';
import type { entityReads } from './entity-read';
import type { EntityShape } from './entity-shape';
import { plan, PlanConditionFailed, type WritePlan } from './plan';
import { isTransactionCanceled } from './writes';

/** The name of an entity's own entries in the plans of its writes: the item is ITEM, its markers ITEM.<marker>... (inPlan). */
const ITEM = 'item';

/** Other entries a write adds to its plan (a count on another item, a notification, a check that a reference exists). */
export type Extra = (p: WritePlan) => void;

/**
 * A commit that lost only to concurrent transactions, tried once on purpose
 * (a claim's loop owns the retries): the cancellation itself, as the claim
 * judges it.
 */
function lostCommit(error: unknown): unknown {
  return error instanceof ContendedWrite ? error.cause : error;
}

/** The first failed entry of a write that is not the entity's own: that part's condition (WriteConflict names it). */
function extraConflict(error: unknown): WriteConflict | undefined {
  if (!(error instanceof PlanConditionFailed)) return undefined;
  const failed = error.failed.find((name) => name !== ITEM && !name.startsWith(`${ITEM}.`));
  return failed === undefined ? undefined : new WriteConflict(failed);
}

export function entityWrites<T extends Stored, P extends Record<string, AccessPattern<never>>>(
  shape: EntityShape<T, P>,
  reads: ReturnType<typeof entityReads<T, P>>,
  claims: ReturnType<typeof entityClaims<T, P>>,
) {
  const { type, contested, changes, inPlan } = shape;
  const { get } = reads;
  const { claim, withDerived, judge, lostRound, takenMarker } = claims;

  /** One plan: the entity's entries (named ITEM...) and the caller's extra ones, committed together. */
  function commitWrite(db: Db, ctx: WriteContext, before: T | null, after: T | null, options: { extra?: Extra; condition?: Condition<T>; action?: AuditAction; attempts?: number }) {
    const p = plan(db, ctx);
    inPlan(p, ITEM, before, after, { condition: options.condition, action: options.action });
    options.extra?.(p);
    return p.commit({ attempts: options.attempts });
  }

  /**
   * Creates `entity` with `extra` entries in the same commit; a taken unique
   * marker is answered, not thrown. Contested values are claimed (`claim`: a
   * blank derived one gets a free candidate); then a failed `extra` entry is
   * a WriteConflict naming it.
   */
  async function create(db: Db, entity: T, ctx: WriteContext, extra?: Extra): Promise<CreateResult<T>> {
    if (contested.length > 0) {
      return claim(db, entity, async (item) => {
        try {
          // Tried once: the claim's loop owns the retries (RETRY.claims).
          await commitWrite(db, ctx, null, item, { extra, attempts: 1 });
          return { item };
        } catch (error) {
          throw extraConflict(error) ?? lostCommit(error);
        }
      });
    }
    try {
      await commitWrite(db, ctx, null, entity, { extra });
      return { item: entity };
    } catch (error) {
      const taken = takenMarker(error, ITEM);
      if (taken) return { taken };
      throw extraConflict(error) ?? error;
    }
  }

  /**
   * The one optimistic-locking path: reads the entity, refuses a stale
   * `expectedVersion` with the current item, applies `change` and writes it on
   * the condition that nobody wrote in between. `extra` entries (e.g. counts on
   * other items) join the commit; when one of them fails, WriteConflict.
   */
  async function update(
    db: Db,
    id: string,
    expectedVersion: number | undefined,
    change: (before: T) => T,
    ctx: WriteContext,
    options: { extra?: (p: WritePlan, before: T, after: T) => void; condition?: Condition<T>; action?: AuditAction } = {},
  ): Promise<UpdateResult<T>> {
    const state: ClaimState = { from: new Map(), derived: new Map(), contended: 0, rounds: 0 };
    for (let attempt = 1; ; attempt++) {
      const before = await get(db, id, true);
      if (!before) return { notFound: true };
      if (expectedVersion !== undefined && before.version !== expectedVersion) return { stale: before };
      // A blank derived value (an item saved before it had one) gets a free candidate, as a create's does.
      const after = await withDerived(db, { ...change(before), id, createdAt: before.createdAt, updatedAt: ctx.now, version: before.version + 1 }, state);
      if (Object.keys(changes(before, after)).length === 0) return { item: before };
      const extra = options.extra;
      try {
        // With contested values the claim's loop below owns the retries (tried once); else the commit's own.
        await commitWrite(db, ctx, before, after, {
          condition: options.condition,
          action: options.action,
          extra: extra && ((p) => extra(p, before, after)),
          attempts: contested.length > 0 ? 1 : undefined,
        });
        return { item: after };
      } catch (thrown) {
        const error = contested.length > 0 ? lostCommit(thrown) : thrown;
        // The item changed since the read first: a marker it failed to claim may be its own, claimed by
        // that other write (edits of one post to one new slug at once), so it is stale, not taken.
        if (error instanceof PlanConditionFailed && error.has(ITEM)) {
          // Changed (or gone) since the read: a caller who named a version hears so; others try again.
          if (expectedVersion === undefined && attempt < MAX_ATTEMPTS && !options.condition) {
            await pauseBeforeRetry(attempt);
            continue;
          }
          const current = await get(db, id, true);
          return current ? { stale: current } : { notFound: true };
        }
        // A contested value: taken, the next candidate, or the same write again (still losing: busy, or stale if the item changed).
        const verdict = contested.length > 0 && isTransactionCanceled(error) ? await judge(db, error, before, after, state) : undefined;
        if (typeof verdict === 'object') return verdict;
        if (verdict) {
          try {
            await lostRound(verdict, state, error);
            continue;
          } catch (lost) {
            if (!(lost instanceof ContendedWrite)) throw lost;
            const current = await get(db, id, true);
            if (!current) return { notFound: true };
            // Still as read: only other writers kept winning, so busy (503), not stale.
            if (current.version === before.version) throw lost;
            return { stale: current };
          }
        }
        const taken = takenMarker(error, ITEM);
        if (taken) return { taken };
        throw extraConflict(error) ?? thrown;
      }
    }
  }

  /**
   * The one delete path: deletes the entity as read (version checked) with its
   * markers, tokens, counters and audit entry. A concurrent edit makes it read
   * again and retry after a jittered pause. `condition` failing (e.g. the
   * customer still has projects) answers `refused` with the entity as it is.
   */
  async function remove(
    db: Db,
    id: string,
    ctx: WriteContext,
    options: { condition?: Condition<T>; extra?: (p: WritePlan, before: T) => void } = {},
  ): Promise<{ deleted: T } | { notFound: true } | { refused: T }> {
    for (let attempt = 1; ; attempt++) {
      const before = await get(db, id, true);
      if (!before) return { notFound: true };
      if (options.condition?.holds && !options.condition.holds(before)) return { refused: before };
      const extra = options.extra;
      try {
        await commitWrite(db, ctx, before, null, { condition: options.condition, extra: extra && ((p) => extra(p, before)) });
        return { deleted: before };
      } catch (error) {
        if (!(error instanceof PlanConditionFailed && error.has(ITEM))) throw error;
        if (attempt >= MAX_ATTEMPTS) {
          // Gone or refused by now is the answer; else only other writers kept winning: busy (503), not a bug.
          const current = await get(db, id, true);
          if (!current) return { notFound: true };
          if (options.condition?.holds && !options.condition.holds(current)) return { refused: current };
          throw new ContendedWrite(type, error, 'its delete');
        }
        await pauseBeforeRetry(attempt);
      }
    }
  }

  return { create, update, remove };
}
