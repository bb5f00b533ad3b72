import { useEffect } from 'react';
import { recordBlogView } from '../api/record-view';

/**
 * Counts a read of the post once it has shown, never before. Nothing to render: as an island
 * (blog-post-page.tsx) the browser runs recordBlogView on it without React (islands/registry.ts).
 */
export function BlogView({ slug }: { slug: string }) {
  useEffect(() => {
    recordBlogView(slug);
  }, [slug]);
  return null;
}
