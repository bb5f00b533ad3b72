// The finance module's public entry: what other modules, the hosts and other packages use from it.
// Its HTTP routes are in ./routes (for the hosts), so that reaching a module's functions never loads route code.
import type { Kind } from '../db/kind';
import { financeMonthKind, financeProjectKind, financeTotalKind, financeVendorKind } from './finance-repo';
import { transactionCounterKind, transactionEntity } from './transaction-repo';
import { idempotencyKeyKind, stageDemandKind, transactionDueKind, transactionListCopyKind } from './transaction-writes';

export { addStageDemand, addStageDemandFollow, currentPlan, demandStage, financeSummary } from './finance-repo';
export { runRecurringTransactions } from './recurring';
export { advanceDemandsAsAdvances, countVendorLedgerGst } from './finance-upgrades';
export { transactionEntity } from './transaction-repo';
export { transactionDueKind } from './transaction-writes';

/** Its stored kinds, for the catalog of every definition (functions/src/kinds.ts): read when called, so import order never matters. */
export const kinds = (): readonly Kind[] => [
  transactionEntity,
  transactionListCopyKind,
  transactionCounterKind,
  transactionDueKind,
  idempotencyKeyKind,
  stageDemandKind,
  financeTotalKind,
  financeMonthKind,
  financeProjectKind,
  financeVendorKind,
];
