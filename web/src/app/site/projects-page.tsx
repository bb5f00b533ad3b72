import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PageMeta } from './page-meta';
import { STATIC_PAGE_SEO } from '../../features/seo/model';
import { ProjectFilters } from '../../features/projects/components/project-filters';
import { ProjectList } from '../../features/projects/components/project-list';
import { parseProjectFilter, type ProjectFilter } from '../../features/projects/model';

export function ProjectsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = parseProjectFilter(searchParams.get('status'));

  const changeFilter = (next: ProjectFilter) => {
    // The filter lives in the URL so reload, back and shared links keep it; the page stays where it is.
    setSearchParams(next === 'all' ? {} : { status: next }, { preventScrollReset: true });
  };

  return (
    <>
      <PageMeta {...STATIC_PAGE_SEO.projects} />
      <PageHeader
        eyebrow="Portfolio"
        title="Our Projects"
        subtitle="Finished homes, work in progress and what is coming next, from Jubilee Hills villas to HITEC City offices."
      />
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
        <Box sx={{ mb: { xs: 4, md: 5 } }}>
          <ProjectFilters value={status} onChange={changeFilter} />
        </Box>
        <ProjectList status={status} />
      </Container>
    </>
  );
}
