import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { BlogPostDetail } from '@app/shared-types/api';
import { formatDate } from '@app/shared-types/format';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { renderMarkdown } from '../model';

/** A post: cover, title, date, author and the sanitised Markdown body. */
export function BlogPostArticle({ post }: { post: BlogPostDetail }) {
  const html = useMemo(() => renderMarkdown(post.content), [post.content]);
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
        <Box
          component="img"
          src={post.featuredImage}
          alt={post.title}
          width={1200}
          height={630}
          sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '1200 / 630', objectFit: 'cover', borderRadius: 4, mb: 5, bgcolor: '#E9E1D6' }}
        />
      )}
      <Box
        // Sanitised by renderMarkdown (DOMPurify).
        dangerouslySetInnerHTML={{ __html: html }}
        sx={{
          fontSize: '1.075rem',
          lineHeight: 1.8,
          overflowWrap: 'break-word',
          '& h2': { typography: 'h3', mt: 5, mb: 2 },
          '& h3': { typography: 'h4', mt: 4, mb: 1.5 },
          '& p': { mt: 0, mb: 2.5 },
          '& ul, & ol': { pl: 3, mb: 2.5 },
          '& li': { mb: 1 },
          '& a': { color: 'primary.main' },
          '& img': { maxWidth: '100%', height: 'auto', borderRadius: 2 },
          '& blockquote': { borderLeft: 4, borderColor: 'secondary.main', m: 0, mb: 2.5, pl: 2.5, color: 'text.secondary' },
          '& pre': { overflowX: 'auto', p: 2, bgcolor: '#EFE8DE', borderRadius: 2 },
        }}
      />
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
