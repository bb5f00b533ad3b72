import Container from '@mui/material/Container';
import { PageHeader } from '../../components/page-header';
import { PageMeta } from './page-meta';
import { STATIC_PAGE_SEO } from '../../features/seo/model';
import { ProjectsBrowser } from '../../features/projects/components/projects-browser';
import { island } from '../../lib/island';

const ProjectsBrowserIsland = island('projects-browser', ProjectsBrowser);

export function ProjectsPage() {
  return (
    <>
      <PageMeta {...STATIC_PAGE_SEO.projects} />
      <PageHeader
        eyebrow="Portfolio"
        title="Our Projects"
        subtitle="Finished homes, work in progress and what is coming next, from Jubilee Hills villas to HITEC City offices."
      />
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
        <ProjectsBrowserIsland />
      </Container>
    </>
  );
}
