import Box from '@mui/material/Box';
import { useSearchParams } from 'react-router';
import { parseProjectFilter, type ProjectFilter } from '../model';
import { ProjectFilters } from './project-filters';
import { ProjectList } from './project-list';

/** The projects page's filter and the cards it picks: an island (projects-page.tsx), the filter in the address. */
export function ProjectsBrowser() {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = parseProjectFilter(searchParams.get('status'));

  const changeFilter = (next: ProjectFilter) => {
    // The filter lives in the URL so reload, back and shared links keep it; the page stays where it is.
    setSearchParams(next === 'all' ? {} : { status: next }, { preventScrollReset: true });
  };

  return (
    <>
      <Box sx={{ mb: { xs: 4, md: 5 } }}>
        <ProjectFilters value={status} onChange={changeFilter} />
      </Box>
      <ProjectList status={status} />
    </>
  );
}
