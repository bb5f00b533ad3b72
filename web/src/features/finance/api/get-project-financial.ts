import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { FINANCE_KEY } from './refresh-finance-queries';

/** One project's figures and its payment plan, stage by stage. */
export function getProjectFinancial(id: string) {
  return unwrap(api.finance.projects[':id'].$get({ param: { id } }));
}

export function getProjectFinancialQueryOptions(id: string) {
  return queryOptions({ queryKey: [FINANCE_KEY, 'projects', 'detail', id], queryFn: () => getProjectFinancial(id) });
}

/** Nothing is asked while `id` is empty. */
export function useProjectFinancial(id: string) {
  return useQuery({ ...getProjectFinancialQueryOptions(id), enabled: id !== '' });
}
