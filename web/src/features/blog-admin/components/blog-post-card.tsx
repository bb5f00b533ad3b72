import CalendarTodayOutlinedIcon from '@mui/icons-material/CalendarTodayOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BLOG_CATEGORY_LABELS, BLOG_STATUS_LABELS, type BlogPostListItem } from '@app/shared-types/blog';
import { formatDate } from '@app/shared-types/format';
import { CardGrid, InfoLine, RecordActions } from '../../../components/record-card';
import { listDate, STATUS_COLORS } from '../model';

interface BlogPostCardProps {
  post: BlogPostListItem;
  /** Absent when the signed-in role may not edit posts. */
  onEdit?: (post: BlogPostListItem) => void;
  onDelete?: (post: BlogPostListItem) => void;
}

/** One post in the list: cover, status, title, excerpt, date, author, views; edit and delete for the roles that may. */
export function BlogPostCard({ post, onEdit, onDelete }: BlogPostCardProps) {
  const titleId = `blog-post-${post.id}-title`;
  return (
    <Card component="article" variant="outlined" aria-labelledby={titleId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      {post.featuredImage && (
        <Box component="img" src={post.featuredImage} alt="" loading="lazy" width={640} height={336} sx={{ width: '100%', height: 'auto', aspectRatio: '640 / 336', objectFit: 'cover', bgcolor: '#E9E1D6' }} />
      )}
      <CardContent sx={{ flexGrow: 1, p: 2.5, '&:last-child': { pb: 2.5 } }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
          <Chip size="small" label={BLOG_STATUS_LABELS[post.status]} color={STATUS_COLORS[post.status]} sx={{ fontWeight: 600 }} />
          <Chip size="small" variant="outlined" label={BLOG_CATEGORY_LABELS[post.category]} />
        </Stack>
        <Typography id={titleId} variant="h6" component="h2" sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}>
          {post.title}
        </Typography>
        {post.status === 'published' ? (
          <Link href={`/blog/${post.slug}`} target="_blank" rel="noopener" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            /blog/{post.slug}
          </Link>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            /blog/{post.slug}
          </Typography>
        )}
        {post.excerpt && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
            {post.excerpt}
          </Typography>
        )}
        <Stack spacing={0.75} sx={{ mt: 1.5 }}>
          <InfoLine icon={<CalendarTodayOutlinedIcon fontSize="small" titleAccess={post.publishedAt ? 'Published' : 'Written'} />}>
            {post.publishedAt ? 'Published' : 'Written'} {formatDate(listDate(post))}
          </InfoLine>
          {post.author && <InfoLine icon={<PersonOutlineIcon fontSize="small" titleAccess="Author" />}>{post.author}</InfoLine>}
          <InfoLine icon={<VisibilityOutlinedIcon fontSize="small" titleAccess="Views" />}>
            {post.viewCount.toLocaleString('en-IN')} {post.viewCount === 1 ? 'view' : 'views'}
          </InfoLine>
        </Stack>
      </CardContent>
      {onEdit && <RecordActions record={post} titleId={titleId} onEdit={onEdit} onDelete={onDelete} />}
    </Card>
  );
}

export function BlogPostGrid({ posts, onEdit, onDelete }: { posts: readonly BlogPostListItem[] } & Omit<BlogPostCardProps, 'post'>) {
  return (
    <CardGrid label="Blog posts" min={300}>
      {posts.map((post) => (
        <BlogPostCard key={post.id} post={post} onEdit={onEdit} onDelete={onDelete} />
      ))}
    </CardGrid>
  );
}
