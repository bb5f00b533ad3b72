import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import type { BlogPostSummary } from '@app/shared-types/api';
import { formatDate } from '@app/shared-types/format';
import { Link as RouterLink } from 'react-router';
import { Img } from '../../../components/img';

export function BlogPostCard({ post }: { post: BlogPostSummary }) {
  const titleId = `post-${post.slug}-title`;
  return (
    <Card component="article" aria-labelledby={titleId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      {post.featuredImage && (
        <Img
          src={post.featuredImage}
          alt={post.title}
          loading="lazy"
          width={1200}
          height={630}
          sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '1200 / 630', objectFit: 'cover', bgcolor: '#E9E1D6' }}
        />
      )}
      <CardContent sx={{ flexGrow: 1, p: 3 }}>
        <Typography variant="body2" color="secondary.dark" sx={{ fontWeight: 600, mb: 1 }}>
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
        </Typography>
        <Typography variant="h3" component="h2" id={titleId} sx={{ mb: 1.5 }}>
          {post.title}
        </Typography>
        <Typography color="text.secondary">{post.excerpt}</Typography>
      </CardContent>
      <CardActions sx={{ px: 3, pb: 3, pt: 0 }}>
        <Button
          component={RouterLink}
          to={`/blog/${post.slug}`}
          endIcon={<ArrowForwardIcon />}
          aria-describedby={titleId}
          sx={{ ml: -1.5 }}
        >
          Read more
        </Button>
      </CardActions>
    </Card>
  );
}
