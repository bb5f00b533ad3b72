import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StageDemandInput, Transaction } from '@app/shared-types/finance';
import { apiJson } from '../../../lib/api-client';
import { refreshFinanceQueries } from './refresh-finance-queries';

/** Raises a stage's demand: a pending income transaction due on `dueDate`; 409 when it was demanded already. */
export function raiseStageDemand({ projectId, ...input }: StageDemandInput & { projectId: string }) {
  return apiJson<Transaction>(`/api/finance/projects/${encodeURIComponent(projectId)}/stages/demand`, { method: 'POST', body: input });
}

export function useRaiseStageDemand() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: raiseStageDemand, onSuccess: () => void refreshFinanceQueries(queryClient) });
}
