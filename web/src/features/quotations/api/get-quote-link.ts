import type { PublicQuotation } from '@app/shared-types/quotations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-fetch';
import { part } from './refresh-quotation-queries';

/**
 * The quote a client's link opens (no session): 404 for an unknown link, 410
 * once expired. Through apiJson: the route answers through a shared helper,
 * so the typed client cannot tell its JSON's shape.
 */
export function getQuoteLink(token: string) {
  return apiJson<PublicQuotation>(`/api/quote-links/${part(token)}`);
}

export function getQuoteLinkQueryOptions(token: string) {
  return queryOptions({ queryKey: ['quote-link', token], queryFn: () => getQuoteLink(token) });
}

export function useQuoteLink(token: string) {
  return useQuery(getQuoteLinkQueryOptions(token));
}

/** The PDF of the quote the link opens (a plain link: the browser downloads it). */
export const quoteLinkPdfHref = (token: string) => `/api/quote-links/${part(token)}/pdf`;
