import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { QUOTATION_CACHE } from './refresh-quotation-queries';

/**
 * 'Create variation' on an approved (locked) quote (issue 25): the approved
 * version is kept as a revision and the quote becomes a draft of the next one,
 * to edit and send to the client again; their approval moves the project's budget.
 */
export function createVariation({ id, version }: { id: string; version: number }) {
  return unwrap(api.quotations[':id'].variation.$post({ param: { id }, json: { version } }));
}

export function useCreateVariation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVariation,
    onSuccess: (quote) => {
      queryClient.setQueryData(QUOTATION_CACHE.detailKey(quote.id), quote);
      void QUOTATION_CACHE.refresh(queryClient);
    },
  });
}
