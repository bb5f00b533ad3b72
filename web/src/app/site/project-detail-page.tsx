import Container from '@mui/material/Container';
import { useParams } from 'react-router';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { NotFound } from '../../components/not-found';
import { PageMeta } from '../../components/page-meta';
import { useProject } from '../../features/projects/api/get-project';
import { ProjectDetails } from '../../features/projects/components/project-details';
import { ApiError } from '../../lib/api-client';

export function ProjectDetailPage() {
  const { id = '' } = useParams();
  const query = useProject(id);

  if (query.error instanceof ApiError && query.error.status === 404) {
    return <NotFound title="Project not found" message="Project not found." linkTo="/projects" linkLabel="See all projects" />;
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 7 } }}>
      {query.isPending && (
        <>
          <PageMeta title="Project" description="An interior design project in Hyderabad." />
          <LoadingState label="Loading project..." />
        </>
      )}
      {query.isError && (
        <ErrorState message="We could not load this project. Please try again." onRetry={() => void query.refetch()} />
      )}
      {query.data && (
        <>
          <PageMeta
            title={query.data.title}
            description={`${query.data.category} interior project in ${query.data.location || 'Hyderabad'}: ${query.data.description}`.slice(0, 300)}
          />
          <ProjectDetails project={query.data} />
        </>
      )}
    </Container>
  );
}
