import type { BlogPostUpdateInput } from '@app/shared-types/blog';
import { api, unwrap } from '../../../lib/api-client';
import { useRefreshingWrite } from '../../../lib/record-mutations';
import { refreshBlogQueries } from './refresh-blog-queries';

/** Saves every field with the version the editor saw: ApiError 409 with the current post when someone saved first. */
export function updateBlogPost({ id, ...input }: BlogPostUpdateInput & { id: string }) {
  return unwrap(api['blog-posts'][':id'].$put({ param: { id }, json: input }));
}

export function useUpdateBlogPost() {
  return useRefreshingWrite(updateBlogPost, refreshBlogQueries);
}
