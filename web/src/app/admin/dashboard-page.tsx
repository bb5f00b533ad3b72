import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DashboardOverview } from '../../features/dashboard/components/dashboard-overview';
import type { DashboardLinks } from '../../features/dashboard/model';
import { useSession } from '../../features/auth/api/get-session';
import { ClientResponsesCard } from '../../features/quotations/components/client-responses-card';
import { canSeeFinance } from '../../lib/roles';
import { usePortalHref } from './portal-base';

/** The portal's default section. The Leads CRM opens its Add Lead dialog for ?new=1 and a lead for ?lead=<id>. */
export function DashboardPage() {
  const href = usePortalHref();
  const { data: session } = useSession();
  const links: DashboardLinks = {
    addCustomer: href('leads?new=1'),
    newProject: href('projects?new=1'),
    createQuote: href('quotations?new=1'),
    markAttendance: href('attendance'),
    leads: href('leads'),
    lead: (id) => href(`leads?lead=${encodeURIComponent(id)}`),
  };
  return (
    <>
      <Typography variant="h3" component="h1" sx={{ mb: 3 }}>
        Dashboard
      </Typography>
      <DashboardOverview links={links} showMoney={canSeeFinance(session?.user.role)} />
      <Box sx={{ mt: 3 }}>
        <ClientResponsesCard quoteHref={(id) => href(`quotations?quote=${encodeURIComponent(id)}`)} />
      </Box>
    </>
  );
}
