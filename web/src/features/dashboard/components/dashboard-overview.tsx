import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import PeopleAltIcon from '@mui/icons-material/PeopleAlt';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import StorefrontIcon from '@mui/icons-material/Storefront';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { formatDate, formatMoney } from '@app/shared-types/format';
import { formatPhone } from '@app/shared-types/phone';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { StatCard } from '../../../components/stat-card';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { isOverdue, todayInKolkata, type DashboardLinks } from '../model';
import { LeadListCard } from './lead-list-card';
import { QuickActions } from './quick-actions';

const iconSx = { color: 'primary.main', fontSize: 32, opacity: 0.8 } as const;

// A server from before the money cards does not send them.
const moneyOrDash = (value: number | undefined) => (value === undefined ? '—' : formatMoney(value));
const countOrDash = (value: number | undefined) => (value === undefined ? '—' : value.toLocaleString('en-IN'));

/**
 * The dashboard: the four counts, the money cards (income this month,
 * receivables, overdue payments) for the roles that see finance, quick
 * actions, new leads and today's follow-ups.
 */
export function DashboardOverview({ links, showMoney = false }: { links: DashboardLinks; showMoney?: boolean }) {
  const stats = useDashboardStats();
  const today = todayInKolkata();

  if (stats.isPending) {
    return (
      <Stack spacing={3}>
        <LoadingState label="Loading dashboard..." />
        <QuickActions links={links} />
      </Stack>
    );
  }
  if (stats.isError) {
    return (
      <Stack spacing={3}>
        <ErrorState message="The dashboard could not be loaded." onRetry={() => void stats.refetch()} />
        <QuickActions links={links} />
      </Stack>
    );
  }

  const data = stats.data;
  const cards = [
    { label: 'Total Customers', value: data.totalCustomers.toLocaleString('en-IN'), icon: <PeopleAltIcon sx={iconSx} /> },
    { label: 'Active Projects', value: data.activeProjects.toLocaleString('en-IN'), icon: <FolderOpenIcon sx={iconSx} /> },
    { label: 'Pending Quotations', value: data.pendingQuotations.toLocaleString('en-IN'), icon: <RequestQuoteIcon sx={iconSx} /> },
    { label: 'Active Vendors', value: data.totalVendors.toLocaleString('en-IN'), icon: <StorefrontIcon sx={iconSx} /> },
  ];
  const moneyCards = showMoney
    ? [
        { label: 'Income This Month', value: moneyOrDash(data.incomeThisMonth), icon: <TrendingUpIcon sx={iconSx} /> },
        { label: 'Receivables', value: moneyOrDash(data.pendingReceivables), icon: <AccountBalanceWalletIcon sx={iconSx} /> },
        { label: 'Overdue Payments', value: countOrDash(data.overduePayments), icon: <PendingActionsIcon sx={iconSx} /> },
      ]
    : [];

  return (
    <Stack spacing={3}>
      <Grid container spacing={2}>
        {cards.map((card) => (
          <Grid key={card.label} size={{ xs: 12, sm: 6, lg: 3 }}>
            <StatCard label={card.label} value={card.value} icon={card.icon} />
          </Grid>
        ))}
      </Grid>
      {moneyCards.length > 0 && (
        <Grid container spacing={2} component="section" aria-label="Money">
          {moneyCards.map((card) => (
            <Grid key={card.label} size={{ xs: 12, sm: 6, lg: 4 }}>
              <StatCard label={card.label} value={card.value} icon={card.icon} />
            </Grid>
          ))}
        </Grid>
      )}
      <QuickActions links={links} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <LeadListCard
            title="New leads"
            count={data.newLeadsCount}
            emptyText="No new leads"
            action={
              <Button component={RouterLink} to={links.leads} size="small">
                View all
              </Button>
            }
            items={data.newLeads.map((lead) => ({
              id: lead.id,
              href: links.lead(lead.id),
              primary: lead.name,
              secondary: [lead.source, lead.phone && formatPhone(lead.phone), formatDate(lead.createdAt)].filter(Boolean).join(' · '),
            }))}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <LeadListCard
            title="Follow-ups due today"
            emptyText="No follow-ups due today"
            items={data.followUpsDue.map((lead) => ({
              id: lead.id,
              href: links.lead(lead.id),
              primary: lead.name,
              secondary: [lead.phone && formatPhone(lead.phone), lead.nextFollowUp && formatDate(lead.nextFollowUp)].filter(Boolean).join(' · '),
              badge: isOverdue(lead.nextFollowUp, today) ? (
                <Chip size="small" color="error" variant="outlined" label="overdue" />
              ) : undefined,
            }))}
          />
        </Grid>
      </Grid>
    </Stack>
  );
}
