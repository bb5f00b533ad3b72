import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { categoryLabel, round2, type FinanceReport, type MonthFigures } from '@app/shared-types/finance';
import { formatINR, formatMoney } from '@app/shared-types/format';
import type { ReactNode } from 'react';

/**
 * The Reports charts (@mui/x-charts). Only the Reports tab imports this file,
 * lazily, so the charts library stays out of the website and the other portal
 * screens.
 */

const monthFormat = new Intl.DateTimeFormat('en-IN', { month: 'short', year: '2-digit', timeZone: 'UTC' });
/** '2026-04' -> 'Apr 26'. */
export function monthLabel(month: string): string {
  return monthFormat.format(new Date(`${month}-01T00:00:00Z`));
}

const money = (value: number | null) => (value === null ? '' : formatMoney(value));
/** Axis ticks: whole rupees, shortened to lakhs and crores the way the firm reads them. */
function shortRupees(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e7) return `₹${round2(value / 1e7)}Cr`;
  if (abs >= 1e5) return `₹${round2(value / 1e5)}L`;
  if (abs >= 1e3) return `₹${round2(value / 1e3)}K`;
  return formatINR(value);
}

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const HEIGHT = 280;
const margin = { left: 8, right: 8 };

export default function FinanceCharts({ report }: { report: FinanceReport }) {
  const months = report.months.map((month) => monthLabel(month.month));
  const yAxis = [{ valueFormatter: shortRupees, width: 56 }];
  const categories = Object.entries(report.expensesByCategory)
    .filter(([, amount]) => (amount ?? 0) > 0)
    .map(([category, amount], id) => ({ id, value: amount ?? 0, label: categoryLabel(category) }));

  /** A bar chart of two monthly figures side by side (income vs expenses, GST collected vs paid). */
  const monthlyBars = (title: string, bars: { label: string; of: (month: MonthFigures) => number; color: string }[]) => (
    <Grid size={{ xs: 12, lg: 6 }}>
      <ChartCard title={title}>
        <BarChart
          height={HEIGHT}
          margin={margin}
          xAxis={[{ scaleType: 'band', data: months }]}
          yAxis={yAxis}
          series={bars.map((bar) => ({ label: bar.label, data: report.months.map(bar.of), valueFormatter: money, color: bar.color }))}
        />
      </ChartCard>
    </Grid>
  );

  return (
    <Grid container spacing={2}>
      {monthlyBars(`Income vs expenses, FY ${report.fiscalYear}`, [
        { label: 'Income', of: (m) => m.income, color: '#2e7d32' },
        { label: 'Expenses', of: (m) => m.expense, color: '#c62828' },
      ])}
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard title="Cash flow">
          <LineChart
            height={HEIGHT}
            margin={margin}
            xAxis={[{ scaleType: 'point', data: months }]}
            yAxis={yAxis}
            series={[
              { label: 'Net (income - expenses)', data: report.months.map((m) => round2(m.income - m.expense)), valueFormatter: money, color: '#1f4e4a', curve: 'linear' },
              { label: 'Receivable - payable', data: report.months.map((m) => round2(m.receivable - m.payable)), valueFormatter: money, color: '#b7791f', curve: 'linear' },
            ]}
          />
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard title="Expenses by category">
          {categories.length === 0 ? (
            <Typography color="text.secondary">No completed expenses this fiscal year.</Typography>
          ) : (
            <PieChart height={HEIGHT} series={[{ data: categories, innerRadius: 50, valueFormatter: (item) => formatMoney(item.value) }]} />
          )}
        </ChartCard>
      </Grid>
      {monthlyBars('GST collected vs paid', [
        { label: 'GST collected', of: (m) => m.gstCollected, color: '#1565c0' },
        { label: 'GST paid', of: (m) => m.gstPaid, color: '#ef6c00' },
      ])}
    </Grid>
  );
}
