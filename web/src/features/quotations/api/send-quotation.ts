import type { Quotation } from '@app/shared-types/quotations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { QUOTATION_CACHE } from './refresh-quotation-queries';

/** Marks it sent and answers the share link; 409 when stale or below the margin threshold unconfirmed. */
export function sendQuotation({ id, version, confirmLowMargin = false }: { id: string; version: number; confirmLowMargin?: boolean }) {
  return unwrap(api.quotations[':id'].send.$post({ param: { id }, json: { version, confirmLowMargin } }));
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
