import { PAYMENT_TOO_LARGE_MESSAGE, grossOf, paidOf, remainingOf, round2, type PaymentRecordInput, type Transaction } from '@app/shared-types/finance';
import { formatMoney } from '@app/shared-types/format';
import type { Db } from '../db/client';
import type { WriteContext } from '../db/entity';
import { changeTransaction, getTransaction } from './transaction-repo';

export type RecordPaymentResult = { item: Transaction } | { notFound: true } | { stale: Transaction } | { notPending: Transaction } | { fields: Record<string, string> };

/** Half a paisa: what is left below it is nothing. */
const PAISA = 0.005;

/**
 * 'Record payment' (issue 25): adds a payment (date, method, reference,
 * amount) to a pending transaction at the version the screen saw, as one
 * conditional, versioned write with its figures and audit entry
 * (changeTransaction). A part leaves the transaction pending with the rest;
 * the payment that covers what is left completes it.
 */
export async function recordPayment(db: Db, id: string, { version, ...payment }: PaymentRecordInput, ctx: WriteContext): Promise<RecordPaymentResult> {
  const before = await getTransaction(db, id);
  if (!before) return { notFound: true };
  if (before.version !== version) return { stale: before };
  if (before.status !== 'pending') return { notPending: before };
  const left = remainingOf(before);
  if (payment.amount > left + PAISA) return { fields: { amount: `${PAYMENT_TOO_LARGE_MESSAGE} (${formatMoney(left)})` } };
  return changeTransaction(
    db,
    id,
    version,
    (current) => {
      const payments = [...current.payments, { ...payment, amount: round2(payment.amount), recordedAt: ctx.now, recordedBy: ctx.actor.id }];
      const paidInFull = paidOf({ payments }) + PAISA >= grossOf(current);
      return paidInFull
        ? { ...current, payments, status: 'completed', paymentMethod: payment.method, referenceNumber: current.referenceNumber || payment.reference }
        : { ...current, payments };
    },
    ctx,
  );
}
