import Container from '@mui/material/Container';
import { useParams } from 'react-router';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { NotFound } from './not-found';
import { PageMeta } from './page-meta';
import { blogPostSeo } from '../../features/seo/model';
import { useBlogPost } from '../../features/blog/api/get-blog-post';
import { BlogView } from '../../features/blog/components/blog-view';
import { BlogPostArticle } from '../../features/blog/components/blog-post-article';
import { ApiError } from '../../lib/api-client';
import { island } from '../../lib/island';

const BlogViewIsland = island('blog-view', BlogView);

export function BlogPostPage() {
  const { slug = '' } = useParams();
  const query = useBlogPost(slug);

  if (query.error instanceof ApiError && query.error.status === 404) {
    return <NotFound title="Post not found" message="Post not found." linkTo="/blog" linkLabel="Back to blog" />;
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 7 } }}>
      {query.isPending && (
        <>
          <PageMeta title="Blog" description="An article from our interior design journal." />
          <LoadingState label="Loading post..." />
        </>
      )}
      {query.isError && (
        <ErrorState message="We could not load this post. Please try again." onRetry={() => void query.refetch()} />
      )}
      {query.data && (
        <>
          <PageMeta {...blogPostSeo(query.data)} />
          <BlogPostArticle post={query.data} />
          {/* Counted once the post has shown, never before it. */}
          <BlogViewIsland slug={query.data.slug} />
        </>
      )}
    </Container>
  );
}
