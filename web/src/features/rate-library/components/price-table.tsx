import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@app/shared-types/format';
import type { Price, RateItem, RateLibrary } from '@app/shared-types/rate-library';
import { costShare, priceRows } from '../model';
import type { Retire } from './use-retire';

interface PriceTableProps {
  library: RateLibrary;
  item: RateItem;
  unit: string;
  showRetired: boolean;
  /** Absent for roles that only read the library. */
  onReprice?: (price: Price) => void;
  retire?: Retire;
}

/** An item's finishes and their prices per unit (selling and cost), brand-specific ones under the any-brand one. */
export function PriceTable({ library, item, unit, showRetired, onReprice, retire }: PriceTableProps) {
  const rows = priceRows(library, item, showRetired);
  if (rows.length === 0) return <Typography color="text.secondary">No finish types yet.</Typography>;
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={`Prices of ${item.itemName}`}>
        <TableHead>
          <TableRow>
            <TableCell>Finish type and brand</TableCell>
            <TableCell align="right">Price / {unit}</TableCell>
            <TableCell align="right">Cost / {unit}</TableCell>
            {onReprice && <TableCell align="right">Actions</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const label = `${row.finishName}${row.price ? `, ${row.brand}` : ''}`;
            return (
              <TableRow key={row.price?.id ?? row.finishId} sx={{ opacity: row.finishRetired || row.price?.retired ? 0.6 : 1 }}>
                <TableCell>
                  {row.finishName}
                  {row.finishRetired && <Chip size="small" label="Retired" sx={{ ml: 1 }} />}
                  <Typography variant="body2" color="text.secondary">
                    {row.price ? row.brand : '—'}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {row.price ? formatMoney(row.price.price) : 'No price'}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {row.price ? (
                    <>
                      {formatMoney(row.price.costPrice)}
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {costShare(row.price)} of price
                      </Typography>
                    </>
                  ) : (
                    '—'
                  )}
                  {row.price?.retired && <Chip size="small" label="Retired" sx={{ ml: 1 }} />}
                </TableCell>
                {onReprice && retire && (
                  <TableCell align="right">
                    {row.price && (
                      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={0.5} sx={{ alignItems: 'flex-end', justifyContent: 'flex-end' }}>
                        <Button size="small" onClick={() => onReprice(row.price!)} aria-label={`Reprice ${item.itemName}: ${label}`}>
                          Reprice
                        </Button>
                        <Button size="small" color={row.price.retired ? 'primary' : 'warning'} onClick={() => void retire.price(row.price!, `${item.itemName}: ${label}`)} aria-label={`${row.price.retired ? 'Restore' : 'Retire'} price of ${item.itemName}: ${label}`}>
                          {row.price.retired ? 'Restore' : 'Retire'}
                        </Button>
                      </Stack>
                    )}
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
