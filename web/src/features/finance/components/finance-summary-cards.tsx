import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import Grid from '@mui/material/Grid';
import { formatMoney } from '@app/shared-types/format';
import { ErrorState } from '../../../components/error-state';
import { StatCard } from '../../../components/stat-card';
import { serverMessage } from '../../../lib/api-errors';
import { useFinanceSummary } from '../api/get-finance-summary';
import { profitOrLoss } from '../model';

const iconSx = { color: 'primary.main', fontSize: 32, opacity: 0.8 } as const;

/** SPEC.md 2: Total Income, Total Expenses, Net Profit or Loss and Outstanding (the receivable, with the overdue count), each with its second figure. */
export function FinanceSummaryCards() {
  const summary = useFinanceSummary();
  if (summary.isError) {
    return <ErrorState message={`Could not load the finance summary. ${serverMessage(summary.error)}`} onRetry={() => void summary.refetch()} />;
  }
  const data = summary.data;
  const net = data ? profitOrLoss(data.netProfit) : undefined;
  const cards = [
    {
      label: 'Total Income',
      value: data && formatMoney(data.totalIncome),
      hint: data && `This month: ${formatMoney(data.thisMonthIncome)}`,
      icon: <TrendingUpIcon sx={iconSx} />,
    },
    {
      label: 'Total Expenses',
      value: data && formatMoney(data.totalExpenses),
      hint: data && `This month: ${formatMoney(data.thisMonthExpenses)}`,
      icon: <TrendingDownIcon sx={iconSx} />,
    },
    {
      label: net ? `Net ${net.label}` : 'Net Profit',
      value: net && (data!.netProfit < 0 ? `-${net.value}` : net.value),
      hint: data && `Cash flow: ${data.cashFlow < 0 ? '-' : ''}${formatMoney(Math.abs(data.cashFlow))}`,
      icon: <AccountBalanceIcon sx={iconSx} />,
    },
    {
      // The headline is what clients owe; how many payments are late comes below (issue 25).
      label: 'Outstanding',
      value: data && formatMoney(data.pendingReceivables),
      hint: data && `${data.overduePayments.toLocaleString('en-IN')} overdue`,
      icon: <PendingActionsIcon sx={iconSx} />,
    },
  ];
  return (
    <Grid container spacing={2} component="section" aria-label="Finance summary">
      {cards.map((card) => (
        <Grid key={card.label} size={{ xs: 6, lg: 3 }}>
          <StatCard label={card.label} value={card.value} hint={card.hint} icon={card.icon} compact />
        </Grid>
      ))}
    </Grid>
  );
}
