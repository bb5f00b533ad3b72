import Chip from '@mui/material/Chip';
import { SectionPanel } from './section-panel';
import { useAdminRouteHandle } from './sections';

/** A section that is not built yet: says so plainly, with no sample data. */
export function ComingSoonPage() {
  const section = useAdminRouteHandle()?.section;
  return (
    <SectionPanel
      eyebrow={<Chip label="Coming soon" color="secondary" variant="outlined" size="small" />}
      title={section?.heading ?? 'Coming soon'}
      message="This section is being built and will be available here soon."
    />
  );
}
