import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';
import { CLAIM_ATTEMPTS, ContendedWrite, MAX_CANDIDATE_NUMBER, MAX_CANDIDATES, MAX_CLAIM_ROUNDS, pauseBeforeRetry, type AccessPattern, type ClaimState, type Stored, type UniqueMarker } from './entity-base';
import type { EntityShape } from './entity-shape';
import { PlanConditionFailed } from './plan';
import { failedConditionEntries, isTransactionCanceled } from './writes';

/**
 * An entity's claims of contested unique values (slugs): a derived value
 * takes the next free candidate, a given one that is taken is refused, and a
 * write that only loses to concurrent transactions is sent again (busy past
 * the limits).
 */
export function entityClaims<T extends Stored, P extends Record<string, AccessPattern<never>>>(shape: EntityShape<T, P>) {
  const { type, contested, unique } = shape;

  /** The id of the item holding `marker`'s value for `item`, if one does (a consistent read of the marker). */
  async function holderOf(db: Db, marker: UniqueMarker<T>, item: T): Promise<string | undefined> {
    const key = marker.key(item);
    if (!key) return undefined;
    const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }));
    const owner: unknown = Item?.[marker.owner];
    return typeof owner === 'string' ? owner : undefined;
  }

  /**
   * `item` with each blank derived value set to its first candidate, from
   * where the claim stands, that no item holds (read from the markers). A free
   * one can still be taken before the write lands: `judge` finds that out.
   */
  async function withDerived(db: Db, item: T, state: ClaimState): Promise<T> {
    let result = item;
    state.derived.clear();
    for (const marker of contested) {
      const { field, derive } = marker.contested;
      const value: unknown = result[field];
      if (!derive || (value !== undefined && value !== null && value !== '')) continue;
      const candidate = (n: number) => ({ ...result, [field]: derive(result, n) });
      const from = state.from.get(marker.name) ?? 1;
      let n = from;
      while (n < from + MAX_CANDIDATES && (await holderOf(db, marker, candidate(n)))) n++;
      // Hundreds of items of one base: a random candidate instead (below MAX_CANDIDATE_NUMBER).
      if (n === from + MAX_CANDIDATES) n = MAX_CANDIDATES + 1 + Math.floor(Math.random() * (MAX_CANDIDATE_NUMBER - MAX_CANDIDATES - 1));
      state.derived.set(marker.name, n);
      result = candidate(n);
    }
    return result;
  }

  /**
   * Why a cancelled write that claims contested values (those `after` holds
   * and `before` did not) lost, from who holds their markers now:
   * - a given value another item holds: { taken: marker name };
   * - a derived one another item holds: 'next' (the claim moves past it);
   * - none held by another and no condition failed (only lost to concurrent
   *   transactions, also an edit that claims nothing new): 'again';
   * - else undefined: the cancellation is the caller's to answer.
   */
  async function judge(db: Db, error: unknown, before: T | null, after: T, state: ClaimState): Promise<{ taken: string } | 'next' | 'again' | undefined> {
    const claimed = contested.filter((marker) => {
      const next = marker.key(after);
      const old = before ? marker.key(before) : undefined;
      return next !== undefined && !(old && old.pk === next.pk && old.sk === next.sk);
    });
    for (const marker of claimed) {
      const holder = await holderOf(db, marker, after);
      if (holder === undefined || holder === after.id) continue;
      const n = state.derived.get(marker.name);
      if (n === undefined) return { taken: marker.name };
      state.from.set(marker.name, n + 1);
      return 'next';
    }
    return failedConditionEntries(error).length === 0 ? 'again' : undefined;
  }

  /** Counts a lost round (pausing before the same write again); ContendedWrite past the limits. */
  async function lostRound(verdict: 'next' | 'again', state: ClaimState, error: unknown): Promise<void> {
    state.rounds++;
    if (verdict === 'again') state.contended++;
    if (state.contended >= CLAIM_ATTEMPTS || state.rounds >= MAX_CLAIM_ROUNDS) throw new ContendedWrite(type, error, 'its unique claim');
    if (verdict === 'again') await pauseBeforeRetry(state.contended);
  }

  /**
   * The one path of a write that claims contested unique values (slugs): the
   * entity's own create and update, and transactions callers build around a
   * new item (a lead conversion, a quote approval, a data upgrade). `write`
   * runs the transaction for the item as it will be stored (each blank
   * derived value filled with a free candidate) and answers. A cancelled one
   * is judged by who holds the markers: a given value another item holds
   * answers { taken }; a derived one takes the next free candidate and writes
   * again; a loss to concurrent transactions writes again after a pause
   * (ContendedWrite after CLAIM_ATTEMPTS); anything else is thrown for the
   * caller to answer (a failed condition of its own entries).
   */
  function claim<R>(db: Db, item: T, write: (item: T) => Promise<R>): Promise<R | { taken: string }> {
    return claimWith(db, item, write, (taken) => taken);
  }

  /**
   * `claim` for a new item whose contested values are all derived (the
   * project a lead conversion or a quote approval creates): each one that
   * derives is blanked first, so every value the write claims is a candidate
   * the claim moves past when it is held, and the answer is the write's own,
   * never { taken } (judge refuses only a value that was not derived). Should
   * an entity's contested value not derive, its loss answers ContendedWrite
   * (busy, 503): such a value is claimed through `claim`, which answers taken.
   */
  function claimDerived<R>(db: Db, item: T, write: (item: T) => Promise<R>): Promise<R> {
    let blank = item;
    for (const marker of contested) {
      if (marker.contested.derive) blank = { ...blank, [marker.contested.field]: '' };
    }
    return claimWith(db, blank, write, (_taken, error) => {
      throw new ContendedWrite(type, error, 'its unique claim');
    });
  }

  /** The loop of `claim`: `refuse` answers a given value another item holds. */
  async function claimWith<R, X>(db: Db, item: T, write: (item: T) => Promise<R>, refuse: (taken: { taken: string }, error: unknown) => X): Promise<R | X> {
    const state: ClaimState = { from: new Map(), derived: new Map(), contended: 0, rounds: 0 };
    for (;;) {
      const claimed = await withDerived(db, item, state);
      try {
        return await write(claimed);
      } catch (error) {
        const verdict = isTransactionCanceled(error) ? await judge(db, error, null, claimed, state) : undefined;
        if (verdict === undefined) throw error;
        if (typeof verdict === 'object') return refuse(verdict, error);
        await lostRound(verdict, state, error);
      }
    }
  }

  /**
   * The unique marker a failed plan of the entity (its entries named `name`,
   * its markers `name.<marker>`: shape.inPlan) could not claim, if that is why
   * it failed.
   */
  function takenMarker(error: unknown, name: string): string | undefined {
    if (!(error instanceof PlanConditionFailed)) return undefined;
    return unique.find((marker) => error.has(`${name}.${marker.name}`))?.name;
  }

  return { withDerived, judge, lostRound, claim, claimDerived, takenMarker };
}
