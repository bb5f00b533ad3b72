import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectFinancialDetail } from '@app/shared-types/finance';
import { apiJson } from '../../../lib/api-client';
import { FINANCE_KEY } from './refresh-finance-queries';

/** One project's figures and its payment plan, stage by stage. */
export function getProjectFinancial(id: string) {
  return apiJson<ProjectFinancialDetail>(`/api/finance/projects/${encodeURIComponent(id)}`);
}

export function getProjectFinancialQueryOptions(id: string) {
  return queryOptions({ queryKey: [FINANCE_KEY, 'projects', 'detail', id], queryFn: () => getProjectFinancial(id) });
}

/** Nothing is asked while `id` is empty. */
export function useProjectFinancial(id: string) {
  return useQuery({ ...getProjectFinancialQueryOptions(id), enabled: id !== '' });
}
