import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@app/shared-types/format';
import { lazy, Suspense } from 'react';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { serverMessage } from '../../../lib/api-errors';
import { useFinanceReport } from '../api/get-finance-report';
import { useFinanceSummary } from '../api/get-finance-summary';
import type { TransactionFilters } from '../model';
import { ExportButtons } from './export-buttons';
import { MonthTable } from './month-table';
import { Figure } from './project-budgets';

// The charts library loads with this tab only.
const FinanceCharts = lazy(() => import('./finance-charts'));

/** Reports & Analytics: cash flow status, the fiscal year's charts and the CSV exports. */
export function FinanceReports({ filters }: { filters: TransactionFilters }) {
  const report = useFinanceReport();
  const summary = useFinanceSummary().data;
  return (
    <Stack spacing={2}>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Export
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            CSV files of every matching record; the transactions file follows the filters of the Transactions tab.
          </Typography>
          <ExportButtons filters={filters} />
        </CardContent>
      </Card>
      {summary && (
        <Card variant="outlined" component="section" aria-label="Cash flow status">
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Cash flow status
            </Typography>
            <Stack spacing={0.5} sx={{ maxWidth: 420 }}>
              <Figure label="Receivables" value={formatMoney(summary.pendingReceivables)} />
              <Figure label="Payables" value={formatMoney(summary.pendingPayables)} />
              <Figure
                label={summary.cashFlow < 0 ? 'Cash flow (negative)' : 'Cash flow (positive)'}
                value={`${summary.cashFlow < 0 ? '-' : ''}${formatMoney(Math.abs(summary.cashFlow))}`}
                color={summary.cashFlow < 0 ? 'error.main' : 'success.main'}
              />
              <Figure label="GST collected" value={formatMoney(summary.gstCollected)} />
              <Figure label="GST paid" value={formatMoney(summary.gstPaid)} />
            </Stack>
          </CardContent>
        </Card>
      )}
      {report.isPending ? (
        <LoadingState label="Loading reports..." />
      ) : report.isError ? (
        <ErrorState message={`Could not load the reports. ${serverMessage(report.error)}`} onRetry={() => void report.refetch()} />
      ) : (
        <>
          <Suspense fallback={<LoadingState label="Loading charts..." />}>
            <FinanceCharts report={report.data} />
          </Suspense>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                Month by month
              </Typography>
              <MonthTable report={report.data} />
            </CardContent>
          </Card>
        </>
      )}
    </Stack>
  );
}
