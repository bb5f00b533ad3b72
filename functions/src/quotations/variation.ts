import { addDays, type Quotation } from '@app/shared-types/quotations';
import { calendarDate } from '@app/shared-types/format';
import type { Db } from '../db/client';
import type { WriteContext } from '../db/entity';
import { plan, PlanConditionFailed } from '../db/plan';
import { addRevision, getQuotation, leadNote, money, quotationEntity, quotationSettings, staleOrGone } from './quotation-repo';

export type VariationResult = { item: Quotation } | { notFound: true } | { stale: Quotation } | { notApproved: Quotation };

/**
 * A variation of an approved quote (issue 25): the approved quote is locked,
 * so a change after approval starts here. The approved version is kept as a
 * revision (its PDF and figures stay as approved), and the quote becomes a
 * draft of the next revision that remembers what was approved: staff edit it
 * and send it through the same link, and the client's approval of it moves
 * the project's budget (approval.ts). Valid at least as long as a new quote.
 */
export async function createVariation(db: Db, id: string, version: number, ctx: WriteContext): Promise<VariationResult> {
  const before = await getQuotation(db, id);
  if (!before) return { notFound: true };
  if (before.version !== version) return { stale: before };
  if (before.status !== 'approved') return { notApproved: before };
  const { validityDays } = await quotationSettings(db);
  const validUntil = addDays(calendarDate(new Date(ctx.now)), validityDays);
  const revision = before.revisionCount + 1;
  const after: Quotation = {
    ...before,
    status: 'draft',
    approvedAt: null,
    approvedBy: null,
    validUntil: before.validUntil > validUntil ? before.validUntil : validUntil,
    revisionCount: revision,
    revisedAt: ctx.now,
    issued: null,
    lowMarginConfirmed: null,
    variation: { revision, grandTotal: before.grandTotal, approvedAt: before.approvedAt ?? '', approvedBy: before.approvedBy ?? '' },
    updatedAt: ctx.now,
    version: before.version + 1,
  };
  const p = plan(db, ctx);
  quotationEntity.planUpdate(p, 'quote', before, after);
  addRevision(p, before);
  leadNote(p, before, `Variation of quotation ${before.quotationNumber} started by ${ctx.actor.name} (approved at ${money(before.grandTotal)})`);
  try {
    await p.commit();
  } catch (error) {
    if (error instanceof PlanConditionFailed && error.has('quote')) return staleOrGone(db, id);
    throw error;
  }
  return { item: after };
}
