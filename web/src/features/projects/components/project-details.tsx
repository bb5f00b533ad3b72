import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { PublicProject, PublicProjectDetail } from '@app/shared-types/api';
import { Link as RouterLink } from 'react-router';
import { galleryImages } from '../model';
import { ProjectCard } from './project-card';
import { ProjectGallery } from './project-gallery';
import { ProjectStatusChip } from './project-status-chip';
import { island } from '../../../lib/island';

/** The photos switch in the browser: an island; the rest of the page is static. */
const ProjectGalleryIsland = island('project-gallery', ProjectGallery);

export function ProjectDetails({ project }: { project: PublicProjectDetail }) {
  const facts = [
    { label: 'Category', value: project.category },
    { label: 'Area', value: project.area },
    { label: 'Location', value: project.location },
  ].filter((fact) => fact.value !== '');

  return (
    <Box component="article">
      <Button component={RouterLink} to="/projects" startIcon={<ArrowBackIcon />} sx={{ mb: 3, ml: -1.5 }}>
        Back to projects
      </Button>
      <Grid container spacing={{ xs: 4, md: 6 }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <ProjectGalleryIsland images={galleryImages(project)} title={project.title} />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <ProjectStatusChip status={project.status} />
          <Typography variant="h2" component="h1" sx={{ mt: 2, mb: 2 }}>
            {project.title}
          </Typography>
          <Typography variant="subtitle1" color="text.secondary" sx={{ mb: 4 }}>
            {project.description}
          </Typography>
          <Box
            component="dl"
            sx={{
              m: 0,
              mb: 4,
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              columnGap: 3,
              rowGap: 1.5,
              p: 3,
              bgcolor: 'background.paper',
              borderRadius: 4,
              border: 1,
              borderColor: 'divider',
            }}
          >
            {facts.map((fact) => (
              <Box key={fact.label} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary">
                  {fact.label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
                  {fact.value}
                </Typography>
              </Box>
            ))}
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Button component={RouterLink} to="/calculator" variant="contained" size="large">
              Get a similar estimate
            </Button>
            <Button component={RouterLink} to="/contact" variant="outlined" size="large">
              Talk to our team
            </Button>
          </Stack>
        </Grid>
      </Grid>
      <RelatedProjects projects={project.related} />
    </Box>
  );
}

/** Up to three other projects to see next (the server picks its category first). */
function RelatedProjects({ projects }: { projects: PublicProject[] }) {
  if (projects.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="related-projects-title" sx={{ mt: { xs: 7, md: 10 } }}>
      <Typography variant="h3" component="h2" id="related-projects-title" sx={{ mb: 3 }}>
        Related projects
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}>
        {projects.map((related) => (
          <ProjectCard key={related.id} project={related} titleComponent="h3" />
        ))}
      </Box>
    </Box>
  );
}
