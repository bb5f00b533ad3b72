import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DEFAULT_ATTENDANCE_LOCATION } from '@app/shared-types/attendance';
import { useAttendanceToday } from '../../features/attendance/api/get-attendance-today';
import { useSelfService } from '../../features/attendance/components/use-self-service';
import { canMarkAnyone, selfServiceState } from '../../features/attendance/model';
import { DashboardOverview } from '../../features/dashboard/components/dashboard-overview';
import type { DashboardLinks } from '../../features/dashboard/model';
import { useSession } from '../../features/auth/api/get-session';
import { ClientResponsesCard } from '../../features/quotations/components/client-responses-card';
import { ResponseOverdueCard } from '../../features/leads/components/response-overdue-card';
import { OVERDUE_LEADS_QUERY } from '../../features/leads/model';
import { canReadLeads, canSeeFinance } from '../../lib/roles';
import Grid from '@mui/material/Grid';
import { usePortalHref } from './portal-base';

/**
 * The portal's default section. The Leads CRM opens its Add Lead dialog for ?new=1 and a lead for ?lead=<id>.
 * 'Mark Attendance' opens the Attendance Portal's dialog for managers and above; for an employee it checks
 * them in (at the office) or out in place, and opens the portal once the day is done.
 */
export function DashboardPage() {
  const href = usePortalHref();
  const { data: session } = useSession();
  const role = session?.user.role;
  const selfMarking = role !== undefined && !canMarkAnyone(role);
  const markAttendanceAction = useEmployeeMarkAttendance(selfMarking);
  const links: DashboardLinks = {
    addCustomer: href('leads?new=1'),
    newProject: href('projects?new=1'),
    createQuote: href('quotations?new=1'),
    markAttendance: href(selfMarking ? 'attendance' : 'attendance?new=1'),
    markAttendanceAction,
    leads: href('leads'),
    lead: (id) => href(`leads?lead=${encodeURIComponent(id)}`),
  };
  return (
    <>
      <Typography variant="h3" component="h1" sx={{ mb: 3 }}>
        Dashboard
      </Typography>
      <DashboardOverview links={links} showMoney={canSeeFinance(role)} />
      {canReadLeads(role) && (
        <Grid container spacing={2} sx={{ mt: 3 }} component="section" aria-label="Speed-to-lead">
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <ResponseOverdueCard href={href(`leads?${OVERDUE_LEADS_QUERY}`)} />
          </Grid>
        </Grid>
      )}
      <Box sx={{ mt: 3 }}>
        <ClientResponsesCard quoteHref={(id) => href(`quotations?quote=${encodeURIComponent(id)}`)} />
      </Box>
    </>
  );
}

/** An employee's check-in or check-out from the dashboard, while there is one to do today; undefined otherwise (the link). */
function useEmployeeMarkAttendance(enabled: boolean): DashboardLinks['markAttendanceAction'] {
  const today = useAttendanceToday(enabled);
  const self = useSelfService();
  if (!enabled) return undefined;
  const state = today.data ? selfServiceState(today.data.record) : 'check-in';
  if (state === 'done' || state === 'marked') return undefined;
  return {
    pending: self.pending || today.isPending,
    run: () => void (state === 'check-out' ? self.checkOut() : self.checkIn(DEFAULT_ATTENDANCE_LOCATION, false)),
  };
}
