import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { refreshBlogQueries } from './refresh-blog-queries';

/** Deletes a post; employees get ApiError 403, a post already gone 404. */
export function deleteBlogPost(id: string) {
  return unwrap(api['blog-posts'][':id'].$delete({ param: { id } }));
}

export function useDeleteBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteBlogPost, onSuccess: () => void refreshBlogQueries(queryClient) });
}
