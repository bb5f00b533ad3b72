import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { isMonth, monthOf, type CampaignRow } from '@app/shared-types/attribution';
import { formatINR } from '@app/shared-types/format';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { MonthField } from '../../../components/month-field';
import { serverMessage } from '../../../lib/api-errors';
import { campaignExportHref, useCampaignReport } from '../api/campaign-report';
import { SpendDialog } from './spend-dialog';

const money = (value: number | null) => (value === null ? '—' : formatINR(value));
const roiText = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(0)}%`);

/**
 * Leads CRM > Campaigns (issue 26): a row per source and campaign over a
 * month range, from the figures the lead writes keep; CSV export; managers
 * and up enter each campaign's spend per month.
 */
export function CampaignReportView({ canEditSpend, leadsHref }: { canEditSpend: boolean; leadsHref: (row: CampaignRow) => string }) {
  const thisMonth = monthOf(new Date().toISOString());
  const [from, setFrom] = useState(thisMonth);
  const [to, setTo] = useState(thisMonth);
  const [spendFor, setSpendFor] = useState<CampaignRow | null>(null);
  const valid = isMonth(from) && isMonth(to) && from <= to;
  const report = useCampaignReport(from, to, valid);
  const rows = report.data?.rows ?? [];

  return (
    <Stack spacing={2} component="section" aria-label="Campaigns">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <MonthField label="From" value={from} onChange={setFrom} />
        <MonthField label="To" value={to} onChange={setTo} error={!valid} helperText={valid ? undefined : 'Choose a range: From, then To'} />
        <Button component="a" href={valid ? campaignExportHref(from, to) : undefined} download disabled={!valid} variant="outlined" startIcon={<DownloadIcon />}>
          Export CSV
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Leads count in the month they came in; contacted, quoted and won follow them. Won value is the approved quotes' grand totals.
      </Typography>
      {report.isError ? (
        <ErrorState message={`Could not load the campaigns. ${serverMessage(report.error)}`} onRetry={() => void report.refetch()} />
      ) : rows.length === 0 ? (
        <Typography role="status" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {report.isPending && valid ? 'Loading...' : 'No leads from campaigns in these months'}
        </Typography>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Campaign ROI">
            <TableHead>
              <TableRow>
                {['Source', 'Campaign', 'Leads', 'Contacted', 'Quoted', 'Won', 'Won value', 'Spend', 'Cost per lead', 'Cost per won project', 'ROI'].map((label) => (
                  <TableCell key={label} align={label === 'Source' || label === 'Campaign' ? 'left' : 'right'}>
                    {label}
                  </TableCell>
                ))}
                {canEditSpend ? <TableCell /> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={`${row.source}/${row.campaign}`}>
                  <TableCell>{row.source}</TableCell>
                  <TableCell>
                    <Link href={leadsHref(row)}>{row.campaign}</Link>
                  </TableCell>
                  <TableCell align="right">{row.leads}</TableCell>
                  <TableCell align="right">{row.contacted}</TableCell>
                  <TableCell align="right">{row.quoted}</TableCell>
                  <TableCell align="right">{row.won}</TableCell>
                  <TableCell align="right">{formatINR(row.wonValue)}</TableCell>
                  <TableCell align="right">{formatINR(row.spend)}</TableCell>
                  <TableCell align="right">{money(row.costPerLead)}</TableCell>
                  <TableCell align="right">{money(row.costPerWon)}</TableCell>
                  <TableCell align="right">{roiText(row.roi)}</TableCell>
                  {canEditSpend ? (
                    <TableCell>
                      <Button size="small" onClick={() => setSpendFor(row)} aria-label={`Spend for ${row.source} / ${row.campaign}`}>
                        Spend
                      </Button>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {spendFor ? <SpendDialog row={spendFor} month={to} onClose={() => setSpendFor(null)} /> : null}
    </Stack>
  );
}
