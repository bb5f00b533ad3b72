import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
} from '@tanstack/react-query';

/** The opaque cursor a page is asked for with; undefined for the first page. */
type Cursor = string | undefined;

/** A page of a list the server pages by cursor (`Page<T>` and the lists shaped like it): no `nextCursor` on the last page. */
export interface CursorPage {
  nextCursor?: string;
}

const FIRST_PAGE: Cursor = undefined;

/**
 * The pages of one list under `queryKey`, each asked for with the cursor the
 * one before ended with ('Load more'); there is no next page once a page has
 * no `nextCursor`. A first page's cursor read back from server-rendered JSON
 * is null (ssr-state.ts): it reaches `fetchPage` as undefined.
 */
export function pagedListQueryOptions<TPage extends CursorPage, TKey extends QueryKey>(queryKey: TKey, fetchPage: (cursor: Cursor) => Promise<TPage>) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam ?? undefined),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The options usePagedList takes besides the list's own (pagedListQueryOptions): `enabled`, `refetchInterval` and the like. */
export type PagedListExtra<TPage extends CursorPage, TKey extends QueryKey> = Partial<
  Omit<UseInfiniteQueryOptions<TPage, Error, InfiniteData<TPage>, TKey, Cursor>, 'queryKey' | 'queryFn' | 'initialPageParam' | 'getNextPageParam' | 'placeholderData'>
> & {
  /**
   * False shows the new key's loading state instead of the previous key's
   * pages (for a list whose key never changes on screen, or where the old
   * pages would mislead). Default true.
   */
  keepPrevious?: boolean;
};

/**
 * A list's pages (pagedListQueryOptions). By default the previous key's pages
 * stay on screen while a new filter's first page loads, so a grid does not
 * flash empty.
 */
export function usePagedList<TPage extends CursorPage, TKey extends QueryKey>(
  options: UseInfiniteQueryOptions<TPage, Error, InfiniteData<TPage>, TKey, Cursor>,
  { keepPrevious = true, ...extra }: PagedListExtra<TPage, TKey> = {},
) {
  return useInfiniteQuery({ ...options, ...extra, ...(keepPrevious ? { placeholderData: keepPreviousData } : {}) });
}
