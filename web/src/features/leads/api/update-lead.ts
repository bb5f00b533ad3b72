import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeadUpdateInput } from '@app/shared-types/leads';
import { api, unwrap } from '../../../lib/api-client';
import { getLeadQueryOptions } from './get-lead';
import { refreshLeadQueries } from './refresh-lead-queries';

/**
 * Saves the changed fields of a lead with the version the editor saw; rejects
 * with ApiError 409 when someone else saved it meanwhile.
 */
export function updateLead({ id, ...input }: LeadUpdateInput & { id: string }) {
  return unwrap(api.leads[':id'].$put({ param: { id }, json: input }));
}

/**
 * Puts the saved lead (and its new version) into the open detail at once, so
 * a second change right after the first is not refused as stale; the refetch
 * then brings the timeline entry of the change.
 */
export function useUpdateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLead,
    onSuccess: (lead) => {
      queryClient.setQueryData(getLeadQueryOptions(lead.id).queryKey, (detail) =>
        detail ? { ...detail, lead } : detail,
      );
      void refreshLeadQueries(queryClient);
    },
  });
}
