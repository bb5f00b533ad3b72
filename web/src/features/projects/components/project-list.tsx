import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useProjects } from '../api/get-projects';
import type { ProjectFilter } from '../model';
import { ProjectCard } from './project-card';

/** The projects of one filter from the server, as a card grid with 'Load more'. */
export function ProjectList({ status }: { status: ProjectFilter }) {
  const query = useProjects(status);

  if (query.isPending) return <LoadingState label="Loading projects..." />;
  if (query.isError) {
    return <ErrorState message="We could not load the projects. Please try again." onRetry={() => void query.refetch()} />;
  }

  const projects = query.data.pages.flatMap((page) => page.items);
  if (projects.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 8, textAlign: 'center' }}>
        No projects found for the selected filter.
      </Typography>
    );
  }

  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 3, md: 4 },
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {projects.map((project, index) => (
          // The first photo is the page's LCP on a phone (one column): loaded first. The others load as they near
          // the viewport, so they do not take a phone's bandwidth from it (the server renderer preloads every eager image).
          <ProjectCard key={project.id} project={project} priority={index === 0} />
        ))}
      </Box>
      {query.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 6 }}>
          <Button
            variant="outlined"
            size="large"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? 'Loading more...' : 'Load more'}
          </Button>
        </Box>
      )}
    </>
  );
}
