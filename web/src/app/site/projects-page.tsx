import Container from '@mui/material/Container';
import { PageHeader } from '../../components/page-header';
import { PageMeta } from './page-meta';
import { STATIC_PAGE_SEO } from '../../features/seo/model';
import { ProjectsBrowser } from '../../features/projects/components/projects-browser';
import { island } from '../../lib/island';

// Its code (React, MUI: ~150 KiB gzip) comes with the first touch, focus or key on it, not at load: hydrating it at load
// blocked a phone's main thread (issue 25: TBT <= 100 ms). A filter pressed before is replayed; a card's link loads its page meanwhile.
const ProjectsBrowserIsland = island('projects-browser', ProjectsBrowser, 'interaction');

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
