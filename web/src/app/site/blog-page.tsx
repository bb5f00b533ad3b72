import Container from '@mui/material/Container';
import { PageHeader } from '../../components/page-header';
import { PageMeta } from './page-meta';
import { STATIC_PAGE_SEO } from '../../features/seo/model';
import { BlogPostList } from '../../features/blog/components/blog-post-list';
import { useSiteInfo } from '../../features/site-info/api/get-site-info';

export function BlogPage() {
  const { data: site } = useSiteInfo();
  return (
    <>
      <PageMeta {...STATIC_PAGE_SEO.blog} />
      {/* Feed readers find the blog's RSS feed from the page (React hoists the link into <head>). */}
      <link rel="alternate" type="application/rss+xml" title={site ? `${site.companyName} Blog` : 'Blog'} href="/blog/rss.xml" />
      <PageHeader
        eyebrow="Journal"
        title={site ? `${site.companyName} Blog` : 'Blog'}
        subtitle="Makeover stories, material guides and practical tips from our designers."
      />
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
        <BlogPostList />
      </Container>
    </>
  );
}
