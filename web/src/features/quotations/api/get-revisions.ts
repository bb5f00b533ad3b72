import type { Page } from '@app/shared-types/api';
import type { QuotationRevision } from '@app/shared-types/quotations';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-fetch';
import { QUOTATIONS_KEY, part } from './refresh-quotation-queries';

/** The kept earlier versions of a quote, newest first. */
export function getRevisions(id: string, cursor: string | undefined) {
  return apiJson<Page<QuotationRevision>>(`/api/quotations/${part(id)}/revisions${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
}

const FIRST_PAGE: string | undefined = undefined;

export function getRevisionsQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: [QUOTATIONS_KEY, 'detail', id, 'revisions'],
    queryFn: ({ pageParam }) => getRevisions(id, pageParam),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useRevisions(id: string, enabled: boolean) {
  return useInfiniteQuery({ ...getRevisionsQueryOptions(id), enabled });
}
