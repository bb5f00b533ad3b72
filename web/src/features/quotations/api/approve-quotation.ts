import type { Quotation } from '@app/shared-types/quotations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-fetch';
import { QUOTATION_CACHE, part } from './refresh-quotation-queries';

export interface ApprovalResult {
  quotation: Quotation;
  projectId: string;
  demandTransactionId: string | null;
}

/** 'Mark approved' (managers and up; the client approved by phone): the project and its advance demand are created. */
export function approveQuotation({ id, version }: { id: string; version: number }) {
  return apiJson<ApprovalResult>(`/api/quotations/${part(id)}/approve`, { method: 'POST', json: { version } });
}

export function useApproveQuotation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveQuotation,
    onSuccess: ({ quotation }) => {
      queryClient.setQueryData<Quotation>(QUOTATION_CACHE.detailKey(quotation.id), quotation);
      // The project and the demand are new: those lists follow too.
      void QUOTATION_CACHE.refresh(queryClient);
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
      void queryClient.invalidateQueries({ queryKey: ['finance'] });
    },
  });
}
