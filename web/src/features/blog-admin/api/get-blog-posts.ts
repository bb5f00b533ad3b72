import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { listQuery } from '../../../lib/url-params';
import type { BlogFilters } from '../model';
import { BLOG_ADMIN_KEY } from './refresh-blog-queries';

/** One page of every post (any status), newest first, searched and filtered on the server. */
export function getBlogPosts({ filters, limit, cursor }: { filters: BlogFilters; limit: number; cursor: string | undefined }) {
  return unwrap(api['blog-posts'].manage.$get({ query: listQuery({ ...filters }, limit, cursor) }));
}

const FIRST_PAGE: string | undefined = undefined;

export function getBlogPostsQueryOptions(filters: BlogFilters, limit: number) {
  return infiniteQueryOptions({
    queryKey: [BLOG_ADMIN_KEY, 'list', { ...filters, limit }],
    queryFn: ({ pageParam }) => getBlogPosts({ filters, limit, cursor: pageParam }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** Keeps showing the previous list while a new filter loads. */
export function useBlogPosts(filters: BlogFilters, limit: number) {
  return useInfiniteQuery({ ...getBlogPostsQueryOptions(filters, limit), placeholderData: keepPreviousData });
}
