import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

/** Published posts, newest first (the first page is all the public blog needs today). */
export function getBlogPosts() {
  return unwrap(api['blog-posts'].$get({ query: { status: 'published' } }));
}

export function getBlogPostsQueryOptions() {
  return queryOptions({ queryKey: ['blog-posts', 'list', { status: 'published' }], queryFn: getBlogPosts });
}

export function useBlogPosts() {
  return useQuery(getBlogPostsQueryOptions());
}
