import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { BlogPostListItem } from '@app/shared-types/blog';
import { useMemo } from 'react';
import { useDeleteFlow } from '../../components/confirm-delete-dialog';
import { FilterCard, PagedList, ResourceHeader, usePagedItems } from '../../components/paged-list';
import { useSession } from '../../features/auth/api/get-session';
import { useDeleteBlogPost } from '../../features/blog-admin/api/delete-blog-post';
import { useBlogPost } from '../../features/blog-admin/api/get-blog-post';
import { useBlogPosts } from '../../features/blog-admin/api/get-blog-posts';
import { BlogFilters } from '../../features/blog-admin/components/blog-filters';
import { BlogPostGrid } from '../../features/blog-admin/components/blog-post-card';
import { BlogPostDialog } from '../../features/blog-admin/components/blog-post-dialog';
import { BlogStatCards } from '../../features/blog-admin/components/blog-stat-cards';
import { BLOG_PAGE_SIZE, parseBlogFilters, type BlogFilterParam } from '../../features/blog-admin/model';
import { canDelete } from '../../lib/roles';
import { useUrlDialog } from '../../lib/url-dialog';
import { withParam, useUrlSearchParams } from '../../lib/url-params';
import { useAdminRouteHandle } from './sections';

/** The empty state of the post list. */
export const NO_POSTS_MESSAGE = 'No blog posts found matching your criteria';

/**
 * Blog Management: the four figures, search and status filter (in the URL),
 * the posts paged from the server, the create/edit dialog (?new=1,
 * ?post=<id>) with a live preview, and delete with confirmation. Writing is
 * for managers and above (the server's rule); employees read.
 */
export function BlogPage() {
  const heading = useAdminRouteHandle()?.section?.heading ?? 'Blog Management';
  const { data: session } = useSession();
  const mayWrite = canDelete(session?.user.role);
  const [searchParams, setSearchParams] = useUrlSearchParams();
  const filters = useMemo(() => parseBlogFilters(searchParams), [searchParams]);
  const list = useBlogPosts(filters, BLOG_PAGE_SIZE);
  const posts = usePagedItems(list);
  const dialog = useUrlDialog('post');
  const editing = useBlogPost(dialog.open ? dialog.id : null);
  const remove = useDeleteFlow<BlogPostListItem>({
    mutation: useDeleteBlogPost(),
    noun: 'Blog post',
    nameOf: (post) => post.title,
    message: (post) => `"${post?.title ?? 'This post'}" will be deleted and leave the website. This cannot be undone. To keep it, archive it instead.`,
    forbidden: 'Only managers and admins can delete blog posts.',
  });

  const changeFilter = (name: BlogFilterParam, value: string) => setSearchParams((current) => withParam(current, name, value), { replace: name === 'q' });

  return (
    <Stack spacing={3}>
      <ResourceHeader
        title={heading}
        subtitle="Articles on the website's blog: write, preview, publish and archive."
        actions={
          mayWrite && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={dialog.openNew}>
              Create Post
            </Button>
          )
        }
      />
      <BlogStatCards />
      <FilterCard>
        <BlogFilters filters={filters} onChange={changeFilter} />
      </FilterCard>
      <PagedList list={list} items={posts} noun="posts" emptyMessage={NO_POSTS_MESSAGE}>
        <BlogPostGrid posts={posts} onEdit={mayWrite ? (post) => dialog.openEdit(post.id) : undefined} onDelete={mayWrite ? remove.ask : undefined} />
      </PagedList>
      <BlogPostDialog open={dialog.open && mayWrite} postId={dialog.id} post={editing.data} error={editing.error} onClose={dialog.close} />
      {remove.dialog}
    </Stack>
  );
}
