import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { round2, type FinanceReport } from '@app/shared-types/finance';
import { formatMoney } from '@app/shared-types/format';

const monthFormat = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The fiscal year's figures month by month: what the charts draw, as numbers to read (and for screen readers). */
export function MonthTable({ report }: { report: FinanceReport }) {
  const columns = ['Income', 'Expenses', 'Net', 'GST collected', 'GST paid'];
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={`Figures by month, FY ${report.fiscalYear}`} sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Month
            </TableCell>
            {columns.map((column) => (
              <TableCell key={column} component="th" scope="col" align="right">
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {report.months.map((month) => (
            <TableRow key={month.month}>
              <TableCell component="th" scope="row">
                {monthFormat.format(new Date(`${month.month}-01T00:00:00Z`))}
              </TableCell>
              {[month.income, month.expense, round2(month.income - month.expense), month.gstCollected, month.gstPaid].map((value, index) => (
                <TableCell key={columns[index]} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(value)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
