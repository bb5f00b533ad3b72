import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { BLOG_ADMIN_KEY } from './refresh-blog-queries';

/** A post whole (with its body) for the editor; ApiError 404 when it is gone. */
export function getBlogPost(id: string) {
  return unwrap(api['blog-posts'].manage[':id'].$get({ param: { id } }));
}

/** Only while editing: `id` null reads nothing. */
export function useBlogPost(id: string | null) {
  return useQuery(
    queryOptions({ queryKey: [BLOG_ADMIN_KEY, 'post', id], queryFn: () => getBlogPost(id ?? ''), enabled: id !== null }),
  );
}
