import { api, unwrap } from '../../../lib/api-client';
import { pagedListQueryOptions, usePagedList } from '../../../lib/paged-list-query';
import { listQuery } from '../../../lib/url-params';
import type { BlogFilters } from '../model';
import { BLOG_ADMIN_KEY } from './refresh-blog-queries';

/** One page of every post (any status), newest first, searched and filtered on the server. */
export function getBlogPosts({ filters, limit, cursor }: { filters: BlogFilters; limit: number; cursor: string | undefined }) {
  return unwrap(api['blog-posts'].manage.$get({ query: listQuery({ ...filters }, limit, cursor) }));
}

export function getBlogPostsQueryOptions(filters: BlogFilters, limit: number) {
  return pagedListQueryOptions([BLOG_ADMIN_KEY, 'list', { ...filters, limit }], (cursor) => getBlogPosts({ filters, limit, cursor }));
}

/** Keeps showing the previous list while a new filter loads. */
export function useBlogPosts(filters: BlogFilters, limit: number) {
  return usePagedList(getBlogPostsQueryOptions(filters, limit));
}
