import { calendarDate } from '@app/shared-types/format';
import type { Transaction } from '@app/shared-types/finance';
import type { Db } from '../db/client';
import { systemContext } from '../db/entity';
import { PlanConditionFailed, type WritePlan } from '../db/plan';
import { createTransaction, recurringCopyId, recurringTransactions, transactionEntity, transactionSortKey } from './transaction-repo';
import { addListCopies } from './transaction-writes';

/** Months one run catches up at most per chain (a job that did not run for a while). */
const MAX_MONTHS_PER_RUN = 24;

/** 'YYYY-MM' one month on. */
function nextMonth(month: string): string {
  const [year, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

/** The same day of month in `month`, clamped to its length (31 Jan -> 28/29 Feb). */
function sameDayIn(month: string, date: string): string {
  const [year, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${month}-${String(Math.min(Number(date.slice(8, 10)), last)).padStart(2, '0')}`;
}

/** A date moved by as many months as `from` -> `to`, clamped the same way. */
function shiftDate(date: string, from: string, to: string): string {
  const months = (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));
  let month = date.slice(0, 7);
  for (let i = 0; i < months; i++) month = nextMonth(month);
  return sameDayIn(month, date);
}

/**
 * The monthly job (EventBridge deployed, an interval on the local host): each
 * transaction marked recurring whose month is over gets its next month's
 * pending copy (same day of month, clamped), which is recurring in its turn
 * while the source no longer is, so the chain goes on from the newest. The
 * copy's id is derived from its source and month and the source's update is
 * in the copy's transaction: a second run, or two at once, create nothing twice.
 */
export async function runRecurringTransactions(db: Db, nowMs: number): Promise<{ created: number }> {
  const thisMonth = calendarDate(nowMs).slice(0, 7);
  const ctx = systemContext(new Date(nowMs).toISOString(), 'recurring-job');
  let created = 0;
  for (const first of await recurringTransactions(db)) {
    let source: Transaction | undefined = first;
    for (let step = 0; source && step < MAX_MONTHS_PER_RUN; step++) {
      const month = nextMonth(source.transactionDate.slice(0, 7));
      if (month > thisMonth || !source.isRecurring) break;
      const copy = await copyOf(db, source, month, ctx);
      if (copy === 'created') created++;
      source = await transactionEntity.get(db, recurringCopyId(source.id, month), true);
    }
  }
  return { created };
}

async function copyOf(db: Db, source: Transaction, month: string, ctx: ReturnType<typeof systemContext>): Promise<'created' | 'exists' | 'skipped'> {
  const after: Transaction = { ...source, isRecurring: false, updatedAt: ctx.now, version: source.version + 1 };
  // The source stops recurring in the same transaction, on the condition that it is as read.
  const sourceUpdate = (p: WritePlan) => {
    transactionEntity.planUpdate(p, 'also:source', source, after);
    addListCopies(p, source, after, transactionEntity.stored, transactionSortKey, 'also:source.');
  };
  const result = await createTransaction(
    db,
    {
      type: source.type,
      category: source.category,
      stageName: null,
      amount: source.amount,
      taxAmount: source.taxAmount,
      projectId: source.projectId,
      customerId: source.customerId,
      vendorId: source.vendorId,
      description: source.description,
      paymentMethod: source.paymentMethod,
      status: 'pending',
      transactionDate: sameDayIn(month, source.transactionDate),
      dueDate: source.dueDate ? shiftDate(source.dueDate, source.transactionDate.slice(0, 7), month) : null,
      referenceNumber: source.referenceNumber,
      isRecurring: true,
      attachments: [],
    },
    ctx,
    { id: recurringCopyId(source.id, month), recurringSourceId: source.id, also: sourceUpdate },
  ).catch((error: unknown) => {
    // The source changed meanwhile (edited, or another run took it): the next run looks again.
    if (error instanceof PlanConditionFailed) return { skipped: true as const };
    throw error;
  });
  if ('item' in result) return 'created';
  if ('exists' in result) return 'exists';
  return 'skipped';
}
