import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { AttendanceReport, AttendanceReportRow } from '@app/shared-types/attendance';
import { WEEKLY_OFF_LABEL } from '@app/shared-types/holidays';
import { formatDate } from '@app/shared-types/format';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { MonthField } from '../../../components/month-field';
import { serverMessage } from '../../../lib/api-errors';
import { useToast } from '../../../lib/toast';
import { useAttendanceReport, useDownloadAttendanceCsv } from '../api/get-attendance-report';
import { formatHours, leavesLine } from '../model';

interface MonthlyReportProps {
  month: string;
  /** Managers and above export the CSV. */
  canExport: boolean;
  onMonthChange: (month: string) => void;
}

const monthLabel = (month: string) =>
  new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

/**
 * The month per active employee (those with no record too): working days
 * (less Sundays and holidays), days present, half days, absences, leaves by
 * type, holidays, days not marked yet and total hours; 'Export CSV' for managers.
 */
export function MonthlyReport({ month, canExport, onMonthChange }: MonthlyReportProps) {
  const report = useAttendanceReport(month);
  const csv = useDownloadAttendanceCsv();
  const { toast } = useToast();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const rows = report.data?.rows ?? [];

  const exportCsv = async () => {
    try {
      const filename = await csv.mutateAsync(month);
      toast({ title: 'Report exported', description: filename });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error exporting report', description: serverMessage(error) });
    }
  };

  let content;
  if (report.isPending) content = <LoadingState label="Loading report..." />;
  else if (report.isError) content = <ErrorState message={`Could not load the report. ${serverMessage(report.error)}`} onRetry={() => void report.refetch()} />;
  else if (rows.length === 0) {
    content = (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        No active employees in {monthLabel(month)}
      </Typography>
    );
  } else if (phone) {
    content = <PhoneReport month={month} rows={rows} />;
  } else {
    content = (
      <TableContainer>
        <Table size="small" aria-label={`Attendance, ${monthLabel(month)}`}>
          <TableHead>
            <TableRow>
              <TableCell>Employee</TableCell>
              <TableCell align="right">Present</TableCell>
              <TableCell align="right">Half Days</TableCell>
              <TableCell align="right">Absent</TableCell>
              <TableCell>Leaves</TableCell>
              <TableCell align="right">Holidays</TableCell>
              <TableCell align="right">Not Marked</TableCell>
              <TableCell align="right">Total Hours</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.userId}>
                <TableCell component="th" scope="row">
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {row.name}
                  </Typography>
                  {row.department && (
                    <Typography variant="caption" color="text.secondary">
                      {row.department}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">{row.present}</TableCell>
                <TableCell align="right">{row.halfDay}</TableCell>
                <TableCell align="right">{row.absent}</TableCell>
                <TableCell>{row.leave > 0 ? `${row.leave}: ${leavesLine(row.leaveByType)}` : '—'}</TableCell>
                <TableCell align="right">{row.holidays}</TableCell>
                <TableCell align="right">{row.notMarked}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatHours(row.totalHours)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <Card>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}>
          <Box sx={{ maxWidth: { sm: 220 } }}>
            <MonthField label="Month" value={month} onChange={(value) => value && onMonthChange(value)} />
          </Box>
          {canExport && (
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void exportCsv()} disabled={csv.isPending}>
              {csv.isPending ? 'Exporting...' : 'Export CSV'}
            </Button>
          )}
        </Stack>
        <Box sx={{ height: 4 }}>{report.isFetching && !report.isPending && <LinearProgress aria-label="Updating report" />}</Box>
        {report.data && <MonthSummary report={report.data} />}
        {content}
        {!canExport && rows.length > 0 && (
          <Typography variant="caption" color="text.secondary">
            Your own month; managers see everyone's.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** On a phone, one block per employee with every figure visible (a six-column table would scroll sideways). */
function PhoneReport({ month, rows }: { month: string; rows: readonly AttendanceReportRow[] }) {
  return (
    <Stack component="ul" aria-label={`Attendance, ${monthLabel(month)}`} divider={<Box component="li" aria-hidden="true" sx={{ borderTop: 1, borderColor: 'divider' }} />} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row) => (
        <Box component="li" key={row.userId} aria-label={row.name} sx={{ py: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {row.name}
            {row.department && (
              <Typography component="span" variant="caption" color="text.secondary">
                {` · ${row.department}`}
              </Typography>
            )}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Present {row.present} · Half days {row.halfDay} · Absent {row.absent}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Leaves {row.leave > 0 ? `${row.leave}: ${leavesLine(row.leaveByType)}` : '0'} · Holidays {row.holidays} · Not marked {row.notMarked}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatHours(row.totalHours)}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

/** The month's working days and its holidays by name. */
function MonthSummary({ report }: { report: AttendanceReport }) {
  const holidays = report.holidays.map((holiday) => `${formatDate(holiday.date, 'short')} ${holiday.name}`).join(' · ');
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
      {report.workingDays} working days (less every {WEEKLY_OFF_LABEL} and holidays). Holidays: {holidays || 'none'}.
    </Typography>
  );
}
