import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { vendorBadge, type VendorLedger } from '@app/shared-types/finance';
import { formatMoney } from '@app/shared-types/format';
import { ErrorState } from '../../../components/error-state';
import { FormDialog } from '../../../components/form-dialog';
import { LoadingState } from '../../../components/loading-state';
import { CardGrid } from '../../../components/record-card';
import { serverMessage } from '../../../lib/api-errors';
import { useVendorLedger } from '../api/get-vendor-ledger';
import { Figure } from './project-budgets';
import { TransactionList } from './transaction-list';

/** SPEC.md 9: 'Payment Due' while anything is outstanding, else 'Cleared'. */
function LedgerBadge({ outstanding }: { outstanding: number }) {
  const badge = vendorBadge(outstanding);
  return <Chip size="small" color={badge === 'Payment Due' ? 'warning' : 'success'} label={badge} />;
}

function VendorLedgerCard({ ledger, onOpen }: { ledger: VendorLedger; onOpen: (ledger: VendorLedger) => void }) {
  const titleId = `vendor-ledger-${ledger.vendorId}`;
  return (
    <Card component="article" variant="outlined" aria-labelledby={titleId}>
      <CardContent sx={{ p: 2.5, '&:last-child': { pb: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 1.5 }}>
          <Typography id={titleId} variant="h6" component="h3" sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}>
            {ledger.vendorName}
          </Typography>
          <LedgerBadge outstanding={ledger.outstandingAmount} />
        </Stack>
        <Stack spacing={0.5}>
          <Figure label="Total paid" value={formatMoney(ledger.totalPaid)} />
          <Figure label="Outstanding" value={formatMoney(ledger.outstandingAmount)} color={ledger.outstandingAmount > 0 ? 'warning.dark' : undefined} />
          <Figure label="Transactions" value={ledger.transactionCount.toLocaleString('en-IN')} />
        </Stack>
        <Box sx={{ mt: 2 }}>
          <Button size="small" variant="outlined" onClick={() => onOpen(ledger)} aria-describedby={titleId}>
            View transactions
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

export function VendorLedgerGrid({ ledgers, onOpen }: { ledgers: readonly VendorLedger[]; onOpen: (ledger: VendorLedger) => void }) {
  return (
    <CardGrid label="Vendor ledgers">
      {ledgers.map((ledger) => (
        <VendorLedgerCard key={ledger.vendorId} ledger={ledger} onOpen={onOpen} />
      ))}
    </CardGrid>
  );
}

const TITLE_ID = 'vendor-ledger-title';

/** One vendor's ledger: its figures and every transaction with it. */
export function VendorLedgerDialog({ vendorId, onClose }: { vendorId: string; onClose: () => void }) {
  const ledger = useVendorLedger(vendorId);
  const data = ledger.data;
  return (
    <FormDialog open={vendorId !== ''} onClose={onClose} titleId={TITLE_ID}>
      <DialogTitle id={TITLE_ID}>{data ? `Ledger: ${data.vendorName}` : 'Vendor ledger'}</DialogTitle>
      <DialogContent dividers>
        {ledger.isPending ? (
          <LoadingState label="Loading ledger..." />
        ) : ledger.isError ? (
          <ErrorState message={`Could not load this ledger. ${serverMessage(ledger.error)}`} onRetry={() => void ledger.refetch()} />
        ) : (
          <Stack spacing={2}>
            <Box sx={{ display: 'grid', rowGap: 1, columnGap: 4, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <Figure label="Total payable" value={formatMoney(data!.totalPayable)} />
              <Figure label="Total paid" value={formatMoney(data!.totalPaid)} />
              <Figure label="Outstanding" value={formatMoney(data!.outstandingAmount)} />
              <Box>
                <LedgerBadge outstanding={data!.outstandingAmount} />
              </Box>
            </Box>
            {data!.transactions.length === 0 ? (
              <Typography color="text.secondary">No transactions with this vendor yet.</Typography>
            ) : (
              <TransactionList items={data!.transactions} label={`Transactions with ${data!.vendorName}`} />
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </FormDialog>
  );
}
