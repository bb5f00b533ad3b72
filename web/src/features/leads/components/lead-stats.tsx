import Grid from '@mui/material/Grid';
import { StatCard } from '../../../components/stat-card';
import { useLeadAnalytics } from '../api/get-lead-analytics';
import { formatPercent } from '../model';

/** The five figures above the leads table. A failed load shows dashes; the table still works. */
export function LeadStats() {
  const { data, isError } = useLeadAnalytics();
  const value = (figure: number | undefined, format: (n: number) => string = (n) => n.toLocaleString('en-IN')) =>
    isError ? '—' : figure === undefined ? undefined : format(figure);

  const cards = [
    { label: 'Total Leads', value: value(data?.totalLeads) },
    { label: 'New Leads', value: value(data?.newLeads) },
    { label: 'Quoted', value: value(data?.quotedLeads) },
    { label: 'Won', value: value(data?.wonLeads) },
    { label: 'Conversion Rate', value: value(data?.conversionRate, formatPercent) },
  ];

  return (
    <Grid container spacing={2} component="section" aria-label="Lead statistics">
      {cards.map((card, index) => (
        // Five cards: on phones the last one takes the whole row.
        <Grid key={card.label} size={{ xs: index === cards.length - 1 ? 12 : 6, sm: 4, md: 'grow' }}>
          <StatCard label={card.label} value={card.value} />
        </Grid>
      ))}
    </Grid>
  );
}
