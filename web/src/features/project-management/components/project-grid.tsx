import Box from '@mui/material/Box';
import type { Project } from '@app/shared-types/projects';
import { ProjectCard } from './project-card';

interface ProjectGridProps {
  projects: readonly Project[];
  onEdit: (project: Project) => void;
  onDelete?: (project: Project) => void;
}

/** The project cards: one column on phones, as many 300 px columns as fit elsewhere. */
export function ProjectGrid({ projects, onEdit, onDelete }: ProjectGridProps) {
  return (
    <Box
      component="section"
      aria-label="Projects"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(300px, 1fr))' } }}
    >
      {projects.map((project) => (
        <ProjectCard key={project.id} project={project} onEdit={onEdit} onDelete={onDelete} />
      ))}
    </Box>
  );
}
