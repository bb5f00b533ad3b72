// The finance module's public entry: what other modules, the hosts and other packages use from it.
export { demandStage, financeSummary } from './finance-repo';
export { finance } from './finance-routes';
export { runRecurringTransactions } from './recurring';
export { transactionEntity } from './transaction-repo';
export { transactions } from './transactions-routes';
