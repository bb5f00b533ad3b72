import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { isMonth, monthOf } from '@app/shared-types/attribution';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { MonthField } from '../../../components/month-field';
import { serverMessage } from '../../../lib/api-errors';
import { useFirstResponseReport } from '../api/get-first-response-report';
import { formatMinutes, formatPercent } from '../model';

/** The report's empty state. */
export const NO_RESPONSES_TEXT = 'No first responses in this month';

/**
 * Leads CRM > Response times (issue 26, managers and up): per salesperson,
 * the leads they first responded to in a month (Asia/Kolkata), the median
 * time to that response in business minutes, and the share within the SLA
 * of Settings > Business.
 */
export function ResponseTimesView() {
  const [month, setMonth] = useState(() => monthOf(new Date().toISOString()));
  const valid = isMonth(month);
  const report = useFirstResponseReport(month, valid);
  const rows = report.data?.rows ?? [];
  return (
    <Stack spacing={2} component="section" aria-label="Response times">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <MonthField
          label="Month"
          value={month}
          onChange={setMonth}
          error={!valid}
          helperText={valid ? undefined : 'Choose a month'}
          sx={{ width: { xs: '100%', sm: 200 }, flexShrink: 0 }}
        />
        {report.data && (
          <Typography variant="body2" color="text.secondary">
            Measured against a first response time of {formatMinutes(report.data.slaMinutes)}, in business hours.
          </Typography>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        A first response is the first call, WhatsApp, email, note or status change on a new lead. Times count business hours only (Settings &gt; Business).
      </Typography>
      {report.isError ? (
        <ErrorState message={`Could not load the response times. ${serverMessage(report.error)}`} onRetry={() => void report.refetch()} />
      ) : rows.length === 0 ? (
        <Typography role="status" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {report.isPending && valid ? 'Loading...' : NO_RESPONSES_TEXT}
        </Typography>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Response times by salesperson">
            <TableHead>
              <TableRow>
                <TableCell>Salesperson</TableCell>
                <TableCell align="right">Responses</TableCell>
                <TableCell align="right">Median time</TableCell>
                <TableCell align="right">Within SLA</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.employeeId}>
                  <TableCell component="th" scope="row">
                    {row.employeeName || 'Former employee'}
                  </TableCell>
                  <TableCell align="right">{row.responses.toLocaleString('en-IN')}</TableCell>
                  <TableCell align="right">{formatMinutes(row.medianMinutes)}</TableCell>
                  <TableCell align="right">{formatPercent(row.withinSlaPercent)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
