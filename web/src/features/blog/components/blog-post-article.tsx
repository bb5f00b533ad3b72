import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { BlogPostDetail } from '@app/shared-types/api';
import { formatDate } from '@app/shared-types/format';
import { Link as RouterLink } from 'react-router';
import { Img } from '../../../components/img';
import { MarkdownContent } from '../../../components/markdown-content';

/** A post: cover, title, date, author and the sanitised Markdown body. */
export function BlogPostArticle({ post }: { post: BlogPostDetail }) {
  return (
    <Box component="article" sx={{ maxWidth: 760, mx: 'auto' }}>
      <Button component={RouterLink} to="/blog" startIcon={<ArrowBackIcon />} sx={{ mb: 3, ml: -1.5 }}>
        Back to blog
      </Button>
      <Typography variant="h1" sx={{ fontSize: 'clamp(2rem, 3vw + 1rem, 3.25rem)', mb: 2 }}>
        {post.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
        {post.author && <> · By {post.author}</>}
      </Typography>
      {post.featuredImage && (
        <Img
          src={post.featuredImage}
          alt={post.title}
          // The post's largest element above the fold (its LCP).
          fetchPriority="high"
          width={1200}
          height={630}
          sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '1200 / 630', objectFit: 'cover', borderRadius: 4, mb: 5, bgcolor: '#E9E1D6' }}
        />
      )}
      <MarkdownContent markdown={post.content} />
      {post.tags.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 5 }}>
          {post.tags.map((tag) => (
            <Chip key={tag} label={tag} variant="outlined" />
          ))}
        </Stack>
      )}
    </Box>
  );
}
