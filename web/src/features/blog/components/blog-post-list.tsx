import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useBlogPosts } from '../api/get-blog-posts';
import { BlogPostCard } from './blog-post-card';

export function BlogPostList() {
  const query = useBlogPosts();
  if (query.isPending) return <LoadingState label="Loading posts..." />;
  if (query.isError) {
    return <ErrorState message="We could not load the blog. Please try again." onRetry={() => void query.refetch()} />;
  }
  if (query.data.items.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 8, textAlign: 'center' }}>
        No posts yet. Check back soon.
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: { xs: 3, md: 4 }, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
      {query.data.items.map((post) => (
        <BlogPostCard key={post.id} post={post} />
      ))}
    </Box>
  );
}
