import type { BlogPostInput } from '@app/shared-types/blog';
import { api, unwrap } from '../../../lib/api-client';
import { useRefreshingWrite } from '../../../lib/record-mutations';
import { refreshBlogQueries } from './refresh-blog-queries';

/** Adds a post; ApiError 400 with field messages, 409 when its slug is taken. */
export function createBlogPost(input: BlogPostInput) {
  return unwrap(api['blog-posts'].$post({ json: input }));
}

export function useCreateBlogPost() {
  return useRefreshingWrite(createBlogPost, refreshBlogQueries);
}
