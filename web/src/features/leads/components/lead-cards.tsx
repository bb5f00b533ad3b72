import PhoneIcon from '@mui/icons-material/Phone';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPhone } from '@app/shared-types/phone';
import type { Lead } from '@app/shared-types/leads';
import { telHref } from '../../../components/record-card';
import { formatOptionalDate } from '../model';
import { LeadStatusChip } from './lead-status-chip';
import { LOADING_LEADS_TEXT, NO_LEADS_TEXT, OverdueHint } from './lead-table';

interface LeadCardsProps {
  rows: Lead[];
  loading: boolean;
  onOpenLead: (id: string) => void;
  /** The leads past their first-response time (marked 'overdue'). */
  overdueIds?: ReadonlySet<string>;
}

/**
 * The leads list on a phone: one card per lead with what a salesperson on
 * the move needs (name, phone, status, source, next follow-up) and a call
 * button; the card opens the lead.
 */
export function LeadCards({ rows, loading, onOpenLead, overdueIds }: LeadCardsProps) {
  if (rows.length === 0) {
    return (
      <Typography role="status" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {loading ? LOADING_LEADS_TEXT : NO_LEADS_TEXT}
      </Typography>
    );
  }
  return (
    <Stack component="ul" aria-label="Leads" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0, opacity: loading ? 0.6 : 1 }}>
      {rows.map((lead) => (
        <Card component="li" key={lead.id} variant="outlined" aria-label={lead.name}>
          <CardActionArea onClick={() => onOpenLead(lead.id)} aria-label={`Open ${lead.name}`}>
            <CardContent sx={{ pb: 1 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{lead.name}</Typography>
                <Stack direction="row" spacing={0.5}>
                  {overdueIds?.has(lead.id) && <OverdueHint />}
                  <LeadStatusChip status={lead.status} />
                </Stack>
              </Stack>
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {formatPhone(lead.phone)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {lead.source} · Next follow-up: {formatOptionalDate(lead.nextFollowUp, 'short')}
              </Typography>
            </CardContent>
          </CardActionArea>
          <CardActions sx={{ pt: 0 }}>
            <Button size="small" startIcon={<PhoneIcon />} href={telHref(lead.phone)} aria-label={`Call ${lead.name}`}>
              Call
            </Button>
          </CardActions>
        </Card>
      ))}
    </Stack>
  );
}
