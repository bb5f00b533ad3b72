import AlarmIcon from '@mui/icons-material/Alarm';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { StatCard } from '../../../components/stat-card';
import { useResponseOverdue } from '../api/get-response-overdue';

/**
 * The dashboard's 'Response overdue' card (speed-to-lead, issue 26): how many
 * new leads are past their first-response time with no response yet, linking
 * to the leads list with its 'Response overdue' filter on.
 */
export function ResponseOverdueCard({ href }: { href: string }) {
  const overdue = useResponseOverdue();
  const total = overdue.data?.total;
  return (
    <StatCard
      label="Response overdue"
      value={overdue.isError ? '—' : total?.toLocaleString('en-IN')}
      icon={<AlarmIcon sx={{ color: total ? 'error.main' : 'primary.main', fontSize: 32, opacity: 0.8 }} />}
      hint={
        <Link component={RouterLink} to={href} aria-label="View the leads with a response overdue">
          {total === 0 ? 'Every new lead has had a response' : 'View overdue leads'}
        </Link>
      }
    />
  );
}
