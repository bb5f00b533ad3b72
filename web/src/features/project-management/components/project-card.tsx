import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import PublicIcon from '@mui/icons-material/Public';
import OpenInNewIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDate, formatINR } from '@app/shared-types/format';
import { Link as RouterLink } from 'react-router';
import type { Project } from '@app/shared-types/projects';
import { PhotoImage } from '../../../components/photo-image';
import { clampProgress } from '../model';
import { ProjectPriorityChip, ProjectStatusChip } from './project-chips';
import { CardGrid, RecordActions } from '../../../components/record-card';

const THUMBNAIL_HEIGHT = 160;

/** A label and its value on one line. */
function Fact({ label, children }: { label: string; children: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 500, textAlign: 'right', overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

interface ProjectCardProps {
  project: Project;
  /** The address of the project's page (/admin/projects/:id). */
  pageHref: (project: Project) => string;
  onEdit: (project: Project) => void;
  /** Absent when the signed-in role may not delete projects. */
  onDelete?: (project: Project) => void;
}

/** One project in the grid: cover, whose it is, where it stands, money and dates; its title and 'Open' go to its page; edit/delete. */
export function ProjectCard({ project, pageHref, onEdit, onDelete }: ProjectCardProps) {
  const titleId = `project-${project.id}-name`;
  const progress = clampProgress(project.progress);
  const cover = project.images[0];
  return (
    <Card component="article" variant="outlined" aria-labelledby={titleId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      {cover ? (
        <PhotoImage
          photo={cover}
          alt={`Cover photo of ${project.name}`}
          sizes="(max-width: 600px) 100vw, 360px"
          width={480}
          height={THUMBNAIL_HEIGHT}
          sx={{ display: 'block', width: '100%', height: THUMBNAIL_HEIGHT, objectFit: 'cover', bgcolor: 'action.hover' }}
        />
      ) : (
        <Box
          sx={{
            height: THUMBNAIL_HEIGHT,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1,
            bgcolor: 'action.hover',
            color: 'text.secondary',
          }}
        >
          <ImageOutlinedIcon fontSize="small" aria-hidden />
          <Typography variant="body2">No photos yet</Typography>
        </Box>
      )}
      <CardContent sx={{ flexGrow: 1, p: 2.5, '&:last-child': { pb: 2.5 } }}>
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}>
            <Link component={RouterLink} to={pageHref(project)} underline="hover" color="inherit">
              {project.name}
            </Link>
          </Typography>
          <ProjectStatusChip status={project.status} />
        </Stack>
        <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600, color: 'secondary.dark', overflowWrap: 'anywhere' }}>
          {project.customerName}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Chip size="small" variant="outlined" label={project.projectType} />
          <ProjectPriorityChip priority={project.priority} />
          {project.showOnWebsite && <Chip size="small" color="success" variant="outlined" icon={<PublicIcon />} label="On website" />}
        </Stack>

        <Box sx={{ mt: 2 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
            <Typography variant="body2" color="text.secondary" id={`${titleId}-progress`}>
              Progress
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {progress}%
            </Typography>
          </Stack>
          <LinearProgress variant="determinate" value={progress} aria-labelledby={`${titleId}-progress`} sx={{ height: 8, borderRadius: 4 }} />
        </Box>

        <Stack spacing={0.5} sx={{ mt: 2 }}>
          <Fact label="Budget">{project.estimatedBudget === null ? 'Not set' : formatINR(project.estimatedBudget)}</Fact>
          {project.actualCost !== null && <Fact label="Actual cost">{formatINR(project.actualCost)}</Fact>}
          {project.startDate && <Fact label="Start">{formatDate(project.startDate)}</Fact>}
          {project.estimatedEndDate && <Fact label="Estimated end">{formatDate(project.estimatedEndDate)}</Fact>}
        </Stack>
      </CardContent>
      <RecordActions record={project} titleId={titleId} onEdit={onEdit} onDelete={onDelete}>
        <Button size="small" variant="contained" component={RouterLink} to={pageHref(project)} startIcon={<OpenInNewIcon />} aria-describedby={titleId}>
          Open
        </Button>
      </RecordActions>
    </Card>
  );
}

interface ProjectGridProps {
  projects: readonly Project[];
  pageHref: (project: Project) => string;
  onEdit: (project: Project) => void;
  onDelete?: (project: Project) => void;
}

/** The project cards, at least 300 px wide. */
export function ProjectGrid({ projects, pageHref, onEdit, onDelete }: ProjectGridProps) {
  return (
    <CardGrid label="Projects" min={300}>
      {projects.map((project) => (
        <ProjectCard key={project.id} project={project} pageHref={pageHref} onEdit={onEdit} onDelete={onDelete} />
      ))}
    </CardGrid>
  );
}
