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
import { isTransactionCanceled, transactWrite, type TransactItem } from './writes';

/** An entity's one create, one version-checked update and one delete, each with its markers, tokens, counters and audit entry. */
export function entityWrites<T extends Stored, P extends Record<string, AccessPattern<never>>>(
  shape: EntityShape<T, P>,
  reads: ReturnType<typeof entityReads<T, P>>,
  claims: ReturnType<typeof entityClaims<T, P>>,
) {
  const { type, contested, changes, createWrites, updateWrites, deleteWrites } = shape;
  const { get } = reads;
  const { claim, withDerived, judge, lostRound, takenMarker } = claims;

  /**
   * Creates `entity` with `extra` entries in the same transaction; a taken
   * unique marker is answered, not thrown. Contested values are claimed
   * (`claim`: a blank derived one gets a free candidate); then a failed
   * `extra` entry is a WriteConflict.
   */
  async function create(db: Db, entity: T, ctx: WriteContext, extra: TransactItem[] = []): Promise<CreateResult<T>> {
    if (contested.length > 0) {
      return claim(db, entity, async (item) => {
        const writes = createWrites(db, item, ctx);
        try {
          // Sent once: the claim's loop owns the retries (RETRY.claims).
          await transactWrite(db, [...writes, ...extra], 1);
          return { item };
        } catch (error) {
          const failed = extra.findIndex((_, i) => isTransactionCanceled(error, writes.length + i));
          if (failed >= 0) throw new WriteConflict(failed);
          throw error;
        }
      });
    }
    try {
      await transactWrite(db, [...createWrites(db, entity, ctx), ...extra]);
      return { item: entity };
    } catch (error) {
      const taken = takenMarker(db, error, null, entity);
      if (taken) return { taken };
      throw error;
    }
  }

  /**
   * The one optimistic-locking path: reads the entity, refuses a stale
   * `expectedVersion` with the current item, applies `change` and writes it on
   * the condition that nobody wrote in between. `extra` entries (e.g. counts on
   * other items) join the transaction; when one of them fails, WriteConflict.
   */
  async function update(
    db: Db,
    id: string,
    expectedVersion: number | undefined,
    change: (before: T) => T,
    ctx: WriteContext,
    options: { extra?: (before: T, after: T) => TransactItem[]; condition?: Condition<T>; action?: AuditAction } = {},
  ): Promise<UpdateResult<T>> {
    const state: ClaimState = { from: new Map(), derived: new Map(), contended: 0, rounds: 0 };
    for (let attempt = 1; ; attempt++) {
      const before = await get(db, id, true);
      if (!before) return { notFound: true };
      if (expectedVersion !== undefined && before.version !== expectedVersion) return { stale: before };
      // A blank derived value (an item saved before it had one) gets a free candidate, as a create's does.
      const after = await withDerived(db, { ...change(before), id, createdAt: before.createdAt, updatedAt: ctx.now, version: before.version + 1 }, state);
      if (Object.keys(changes(before, after)).length === 0) return { item: before };
      const writes = updateWrites(db, before, after, ctx, { condition: options.condition, action: options.action });
      const extra = options.extra?.(before, after) ?? [];
      try {
        // With contested values the claim's loop below owns the retries (sent once); else the transaction's own.
        await transactWrite(db, [...writes, ...extra], contested.length > 0 ? 1 : undefined);
        return { item: after };
      } catch (error) {
        // The item changed since the read first: a marker it failed to claim may be its own, claimed by
        // that other write (edits of one post to one new slug at once), so it is stale, not taken.
        if (isTransactionCanceled(error, 0)) {
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
        const taken = takenMarker(db, error, before, after);
        if (taken) return { taken };
        const failed = extra.findIndex((_, i) => isTransactionCanceled(error, writes.length + i));
        if (failed >= 0) throw new WriteConflict(failed);
        throw error;
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
    options: { condition?: Condition<T>; extra?: (before: T) => TransactItem[] } = {},
  ): Promise<{ deleted: T } | { notFound: true } | { refused: T }> {
    for (let attempt = 1; ; attempt++) {
      const before = await get(db, id, true);
      if (!before) return { notFound: true };
      if (options.condition?.holds && !options.condition.holds(before)) return { refused: before };
      try {
        await transactWrite(db, [...deleteWrites(db, before, ctx, { condition: options.condition }), ...(options.extra?.(before) ?? [])]);
        return { deleted: before };
      } catch (error) {
        if (!isTransactionCanceled(error, 0)) throw error;
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
