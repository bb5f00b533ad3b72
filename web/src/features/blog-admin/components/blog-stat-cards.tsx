import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import PublicOutlinedIcon from '@mui/icons-material/PublicOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Grid from '@mui/material/Grid';
import { ErrorState } from '../../../components/error-state';
import { StatCard } from '../../../components/stat-card';
import { serverMessage } from '../../../lib/api-errors';
import { useBlogStats } from '../api/get-blog-stats';

const iconSx = { color: 'primary.main', fontSize: 32, opacity: 0.8 } as const;

/** SPEC.md 2: the four cards (total, published, drafts, total views), from the server's kept counters. */
export function BlogStatCards() {
  const stats = useBlogStats();
  if (stats.isError) {
    return <ErrorState message={`Could not load the blog figures. ${serverMessage(stats.error)}`} onRetry={() => void stats.refetch()} />;
  }
  const data = stats.data;
  const cards = [
    { label: 'Total Posts', value: data?.total, icon: <ArticleOutlinedIcon sx={iconSx} /> },
    { label: 'Published', value: data?.published, icon: <PublicOutlinedIcon sx={iconSx} /> },
    { label: 'Drafts', value: data?.drafts, icon: <EditNoteOutlinedIcon sx={iconSx} /> },
    { label: 'Total Views', value: data?.totalViews, icon: <VisibilityOutlinedIcon sx={iconSx} /> },
  ];
  return (
    <Grid container spacing={2} component="section" aria-label="Blog figures">
      {cards.map((card) => (
        <Grid key={card.label} size={{ xs: 6, lg: 3 }}>
          <StatCard label={card.label} value={card.value?.toLocaleString('en-IN')} icon={card.icon} compact />
        </Grid>
      ))}
    </Grid>
  );
}
