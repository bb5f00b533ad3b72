import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { refreshLeadQueries } from './refresh-lead-queries';

/** Deletes a lead and its timeline; employees get ApiError 403. */
export function deleteLead(id: string) {
  return unwrap(api.leads[':id'].$delete({ param: { id } }));
}

export function useDeleteLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLead,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: ['leads', 'detail', id] });
      void refreshLeadQueries(queryClient);
    },
  });
}
