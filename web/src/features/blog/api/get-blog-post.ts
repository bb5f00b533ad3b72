import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

/** One published post by its slug; rejects with ApiError 404 when there is none. */
export function getBlogPost(slug: string) {
  return unwrap(api['blog-posts']['by-slug'][':slug'].$get({ param: { slug } }));
}

export function getBlogPostQueryOptions(slug: string) {
  return queryOptions({ queryKey: ['blog-posts', 'detail', slug], queryFn: () => getBlogPost(slug) });
}

export function useBlogPost(slug: string) {
  return useQuery(getBlogPostQueryOptions(slug));
}
