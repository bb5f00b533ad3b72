import type { Quotation, QuotationSendResult } from '@app/shared-types/quotations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-fetch';
import { QUOTATION_CACHE, part } from './refresh-quotation-queries';

/** Marks it sent and answers the share link; 409 when stale or below the margin threshold unconfirmed. */
export function sendQuotation({ id, version, confirmLowMargin = false }: { id: string; version: number; confirmLowMargin?: boolean }) {
  return apiJson<QuotationSendResult>(`/api/quotations/${part(id)}/send`, { method: 'POST', json: { version, confirmLowMargin } });
}

export function useSendQuotation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendQuotation,
    onSuccess: ({ quotation }) => {
      queryClient.setQueryData<Quotation>(QUOTATION_CACHE.detailKey(quotation.id), quotation);
      void QUOTATION_CACHE.refresh(queryClient);
    },
  });
}
