import type { QueryClient } from '@tanstack/react-query';
import { refreshQueries } from '../../../lib/refresh-queries';

/** Every finance query sits under this key: one write changes the list, the figures, the ledgers and the plans. */
export const FINANCE_KEY = 'finance';

/** After any money write: the transactions, the summary, budgets, ledgers, reports and the dashboard's money cards. */
export function refreshFinanceQueries(queryClient: QueryClient): Promise<void> {
  return refreshQueries(queryClient, [FINANCE_KEY]);
}
