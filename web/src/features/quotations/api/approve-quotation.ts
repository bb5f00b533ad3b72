import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { QUOTATION_CACHE } from './refresh-quotation-queries';

/** 'Mark approved' (managers and up; the client approved by phone): the project and its advance demand are created. */
export function approveQuotation({ id, version }: { id: string; version: number }) {
  return unwrap(api.quotations[':id'].approve.$post({ param: { id }, json: { version } }));
}

export function useApproveQuotation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveQuotation,
    onSuccess: ({ quotation }) => {
      queryClient.setQueryData(QUOTATION_CACHE.detailKey(quotation.id), quotation);
      // The project and the demand are new: those lists follow too.
      void QUOTATION_CACHE.refresh(queryClient);
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
      void queryClient.invalidateQueries({ queryKey: ['finance'] });
    },
  });
}
