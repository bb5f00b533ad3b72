import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { publicProjectPath, type PublicProject } from '@app/shared-types/api';
import { Link as RouterLink } from 'react-router';
import { PhotoImage } from '../../../components/photo-image';
import { categoryAndArea } from '../model';
import { ProjectStatusChip } from './project-status-chip';

/** SPEC.md section 2: image 256 px high with a status badge, title, description, 'category • area', 'View Details'. */
export const PROJECT_IMAGE_HEIGHT = 256;

/** `priority`: the grid's first card, whose photo is the page's LCP (eager, fetchpriority=high, preloaded); the others load as they near the viewport. */
/** `titleComponent`: h3 under a section's own h2 (a project page's related projects). */
export function ProjectCard({ project, priority = false, titleComponent = 'h2' }: { project: PublicProject; priority?: boolean; titleComponent?: 'h2' | 'h3' }) {
  const titleId = `project-${project.id}-title`;
  return (
    <Card component="article" aria-labelledby={titleId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ position: 'relative', height: PROJECT_IMAGE_HEIGHT, bgcolor: '#E9E1D6', overflow: 'hidden' }}>
        {project.images[0] && (
          <PhotoImage
            photo={project.images[0]}
            alt={project.title}
            // One column on phones, two on tablets, three from md up (project-list's grid).
            sizes="(max-width: 599px) 100vw, (max-width: 899px) 50vw, 400px"
            width={600}
            height={PROJECT_IMAGE_HEIGHT}
            priority={priority}
            sx={{ display: 'block', width: '100%', height: PROJECT_IMAGE_HEIGHT, objectFit: 'cover' }}
          />
        )}
        <ProjectStatusChip status={project.status} floating />
      </Box>
      <CardContent sx={{ flexGrow: 1, p: 3 }}>
        <Typography variant="h4" component={titleComponent} id={titleId} sx={{ mb: 1 }}>
          {project.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {project.description}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600, color: 'secondary.dark' }}>
          {categoryAndArea(project)}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 3, pb: 3, pt: 0 }}>
        <Button
          component={RouterLink}
          to={publicProjectPath(project)}
          variant="outlined"
          aria-describedby={titleId}
        >
          View Details
        </Button>
      </CardActions>
    </Card>
  );
}
