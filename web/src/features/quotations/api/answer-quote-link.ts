import type { ClientAnswerInput, PublicQuotation } from '@app/shared-types/quotations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-fetch';
import { getQuoteLinkQueryOptions } from './get-quote-link';
import { part } from './refresh-quotation-queries';

export type QuoteAnswer = 'approve' | 'request-changes';

/** The client's answer through the link: approve, or ask for changes; 409 when the quote is no longer open. */
export function answerQuoteLink({ token, answer, input }: { token: string; answer: QuoteAnswer; input: ClientAnswerInput }) {
  return apiJson<PublicQuotation>(`/api/quote-links/${part(token)}/${answer}`, { method: 'POST', json: input });
}

export function useAnswerQuoteLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerQuoteLink,
    onSuccess: (quote, { token }) => queryClient.setQueryData(getQuoteLinkQueryOptions(token).queryKey, quote),
  });
}
