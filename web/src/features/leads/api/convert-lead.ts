import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeadConversionInput } from '@app/shared-types/projects';
import { api, unwrap } from '../../../lib/api-client';
import { getLeadQueryOptions } from './get-lead';
import { refreshLeadQueries } from './refresh-lead-queries';

/**
 * Converts a Won lead into a customer and (optionally) a project in one step;
 * rejects with ApiError 409 when the lead is stale, not Won, or converted already.
 */
export function convertLead({ id, ...input }: LeadConversionInput & { id: string }) {
  return unwrap(api.leads[':id'].convert.$post({ param: { id }, json: input }));
}

export function useConvertLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertLead,
    onSuccess: ({ lead }) => {
      queryClient.setQueryData(getLeadQueryOptions(lead.id).queryKey, (detail) => (detail ? { ...detail, lead } : detail));
      // The new customer and project belong to Project Management's lists ('project-management'
      // queries, a feature this one does not import): drop them so they load fresh when opened.
      queryClient.removeQueries({ queryKey: ['project-management'] });
      void refreshLeadQueries(queryClient);
    },
  });
}
