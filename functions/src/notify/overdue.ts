import { directionOf } from '@app/shared-types/finance';
import type { Db } from '../db/client';
import { allPages, type WriteContext } from '../db/entity';
import { conditions, queryPage } from '../db/item';
import { keys } from '../db/keys';
import { plan, PlanConditionFailed } from '../db/plan';
import { transactionDueKind, transactionEntity } from '../finance';
import { notify } from './outbox';

/**
 * 'payment.overdue' once per pending income past its due date (the daily
 * job). The transaction's due-date marker (the finance writes keep one per
 * pending transaction with a due date) is flagged overdueNotified in the same
 * plan as the outbox item, on the condition that it was not: a repeated or
 * concurrent run sends nothing twice, and a new due date (a new marker) may
 * be noticed again.
 */
export async function noticeOverduePayments(db: Db, today: string, ctx: WriteContext): Promise<{ noticed: number }> {
  const raws = await allPages((start) => queryPage(db, { pk: keys.transactionsDue(), sk: { lt: today }, consistent: true, start }));
  // The flag is this job's own attribute on finance's marker: the markers not flagged yet.
  const markers = raws.filter((raw) => raw.overdueNotified === undefined).map((raw) => transactionDueKind.parse(raw));
  const notFlagged = { expression: 'attribute_not_exists(#c_flag)', names: { '#c_flag': 'overdueNotified' } };
  let noticed = 0;
  for (let i = 0; i < markers.length; i += 100) {
    const chunk = markers.slice(i, i + 100);
    const transactions = await transactionEntity.getMany(db, chunk.map((marker) => marker.id));
    for (const marker of chunk) {
      const tx = transactions.get(marker.id);
      if (!tx || tx.status !== 'pending' || directionOf(tx.type) !== 'in' || !tx.dueDate || tx.dueDate >= today) continue;
      const p = plan(db, ctx);
      p.write('marker', transactionDueKind.update([tx.dueDate, tx.id], { set: { overdueNotified: ctx.now }, condition: conditions.all(conditions.present(), notFlagged) }));
      notify(p, { kind: 'payment.overdue', transactionId: tx.id, description: tx.description, amount: tx.amount, ...(tx.projectId ? { projectId: tx.projectId } : {}) });
      try {
        await p.commit();
        noticed++;
      } catch (error) {
        // Noticed by another run, or paid meanwhile (the marker went): nothing to send.
        if (!(error instanceof PlanConditionFailed)) throw error;
      }
    }
  }
  return { noticed };
}
