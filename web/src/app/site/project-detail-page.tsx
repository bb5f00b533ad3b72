import Container from '@mui/material/Container';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { publicProjectPath } from '@app/shared-types/api';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { NotFound } from './not-found';
import { PageMeta } from './page-meta';
import { getProjectQueryOptions, useProject } from '../../features/projects/api/get-project';
import { ProjectDetails } from '../../features/projects/components/project-details';
import { projectSeo } from '../../features/seo/model';
import { ApiError } from '../../lib/api-client';

export function ProjectDetailPage() {
  const { id = '' } = useParams();
  const query = useProject(id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // An old address (/projects/<id>) moves to the project's own (/projects/<slug>), replacing the old one in
  // history; the project read is kept under its slug, so the page does not load it again.
  const project = query.data;
  useEffect(() => {
    if (!project?.slug || project.slug === id) return;
    queryClient.setQueryData(getProjectQueryOptions(project.slug).queryKey, project);
    void navigate(publicProjectPath(project), { replace: true });
  }, [project, id, navigate, queryClient]);

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
          <PageMeta {...projectSeo(query.data)} />
          <ProjectDetails project={query.data} />
        </>
      )}
    </Container>
  );
}
