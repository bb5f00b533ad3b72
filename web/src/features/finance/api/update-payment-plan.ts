import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentPlanInput } from '@app/shared-types/finance';
import { api, unwrap } from '../../../lib/api-client';
import { getProjectFinancialQueryOptions } from './get-project-financial';
import { refreshFinanceQueries } from './refresh-finance-queries';

/** Saves a project's plan (percentages adding up to 100) with the plan version it was edited from. */
export function updatePaymentPlan({ projectId, ...input }: PaymentPlanInput & { projectId: string }) {
  return unwrap(api.finance.projects[':id'].plan.$put({ param: { id: projectId }, json: input }));
}

export function useUpdatePaymentPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentPlan,
    onSuccess: (detail) => {
      queryClient.setQueryData(getProjectFinancialQueryOptions(detail.projectId).queryKey, detail);
      void refreshFinanceQueries(queryClient);
    },
    // A stale plan (409): the next edit starts from the plan as saved now.
    onError: () => void refreshFinanceQueries(queryClient),
  });
}
