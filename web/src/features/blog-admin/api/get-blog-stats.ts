import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { BLOG_ADMIN_KEY } from './refresh-blog-queries';

/** The four figures (total, published, drafts, total views), kept by the server on every write and view. */
export function getBlogStats() {
  return unwrap(api['blog-posts'].manage.stats.$get());
}

export function useBlogStats() {
  return useQuery(queryOptions({ queryKey: [BLOG_ADMIN_KEY, 'stats'], queryFn: getBlogStats }));
}
