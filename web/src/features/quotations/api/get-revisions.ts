import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { QUOTATIONS_KEY } from './refresh-quotation-queries';

/** The kept earlier versions of a quote, newest first. */
export function getRevisions(id: string, cursor: string | undefined) {
  return unwrap(api.quotations[':id'].revisions.$get({ param: { id }, query: cursor ? { cursor } : {} }));
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
