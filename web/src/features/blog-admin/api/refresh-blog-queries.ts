import type { QueryClient } from '@tanstack/react-query';
import { refreshQueries } from '../../../lib/refresh-queries';

/** The query root of Blog Management (list, figures, a post being edited). */
export const BLOG_ADMIN_KEY = 'blog-admin';

/** After any post write: the portal's lists, the four figures, and the website's blog pages. */
export function refreshBlogQueries(queryClient: QueryClient): Promise<void> {
  return refreshQueries(queryClient, [BLOG_ADMIN_KEY, 'blog-posts']);
}
