import { api, unwrap } from '../../../lib/api-client';
import { useRefreshingWrite } from '../../../lib/record-mutations';
import { refreshBlogQueries } from './refresh-blog-queries';

/** Deletes a post; employees get ApiError 403, a post already gone 404. */
export function deleteBlogPost(id: string) {
  return unwrap(api['blog-posts'][':id'].$delete({ param: { id } }));
}

export function useDeleteBlogPost() {
  return useRefreshingWrite(deleteBlogPost, refreshBlogQueries);
}
