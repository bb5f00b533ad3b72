import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PaidOutlinedIcon from '@mui/icons-material/PaidOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  PAYMENT_METHOD_LABELS,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
  categoryLabel,
  directionOf,
  grossOf,
  paidOf,
  remainingOf,
  type Transaction,
} from '@app/shared-types/finance';
import { formatDate, formatMoney } from '@app/shared-types/format';
import { STATUS_COLORS, TYPE_COLORS, signedAmount } from '../model';

interface TransactionRowProps {
  tx: Transaction;
  onEdit?: (tx: Transaction) => void;
  onDelete?: (tx: Transaction) => void;
  onRecordPayment?: (tx: Transaction) => void;
}

/** One transaction of the history (SPEC.md 2): badges, number, description, category, method, reference, amount, GST and date. */
export function TransactionRow({ tx, onEdit, onDelete, onRecordPayment }: TransactionRowProps) {
  const titleId = `tx-${tx.id}-title`;
  const into = directionOf(tx.type) === 'in';
  const details = [categoryLabel(tx.category), PAYMENT_METHOD_LABELS[tx.paymentMethod], tx.referenceNumber && `Ref ${tx.referenceNumber}`, tx.projectName, tx.customerName, tx.vendorName]
    .filter(Boolean)
    .join(' · ');
  return (
    <Card component="article" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 1.75, sm: 2 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }} sx={{ justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 0.75 }}>
            <Chip size="small" color={TYPE_COLORS[tx.type]} label={TRANSACTION_TYPE_LABELS[tx.type]} />
            <Chip size="small" variant="outlined" color={STATUS_COLORS[tx.status]} label={TRANSACTION_STATUS_LABELS[tx.status]} />
            {tx.stageName && <Chip size="small" variant="outlined" label={tx.stageName} />}
            <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
              {tx.transactionId}
            </Typography>
            {tx.attachments.length > 0 && (
              <Stack
                direction="row"
                spacing={0.25}
                role="img"
                aria-label={tx.attachments.length === 1 ? '1 attachment' : `${tx.attachments.length} attachments`}
                title={tx.attachments.length === 1 ? '1 attachment' : `${tx.attachments.length} attachments`}
                sx={{ alignItems: 'center', color: 'text.secondary' }}
              >
                <AttachFileIcon sx={{ fontSize: 16 }} />
                <Typography variant="caption">{tx.attachments.length}</Typography>
              </Stack>
            )}
          </Stack>
          <Typography id={titleId} component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {tx.description}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {details}
          </Typography>
          {tx.payments.length > 0 && <Payments tx={tx} />}
        </Box>
        <Box sx={{ textAlign: { sm: 'right' }, flexShrink: 0 }}>
          <Typography
            sx={{ fontWeight: 700, fontSize: '1.1rem', color: into ? 'success.main' : 'error.main', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
            aria-label={`Amount ${signedAmount(tx.type, tx.amount)}`}
          >
            {signedAmount(tx.type, tx.amount)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            GST {formatMoney(tx.taxAmount)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {formatDate(tx.transactionDate, 'short')}
            {tx.status === 'pending' && tx.dueDate ? ` · due ${formatDate(tx.dueDate, 'short')}` : ''}
          </Typography>
        </Box>
      </Stack>
      {(onEdit || onDelete || (onRecordPayment && tx.status === 'pending')) && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.25, flexWrap: 'wrap' }}>
          {onRecordPayment && tx.status === 'pending' && (
            <Button size="small" variant="contained" startIcon={<PaidOutlinedIcon />} onClick={() => onRecordPayment(tx)} aria-describedby={titleId}>
              Record payment
            </Button>
          )}
          {onEdit && (
            <Button size="small" variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => onEdit(tx)} aria-describedby={titleId}>
              Edit
            </Button>
          )}
          {onDelete && (
            <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={() => onDelete(tx)} aria-describedby={titleId}>
              Delete
            </Button>
          )}
        </Stack>
      )}
    </Card>
  );
}

/** The payments recorded so far: what was paid of the total, what is left, and each payment. */
function Payments({ tx }: { tx: Transaction }) {
  const left = remainingOf(tx);
  return (
    <Box sx={{ mt: 0.75 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {`Paid ${formatMoney(paidOf(tx))} of ${formatMoney(grossOf(tx))}`}
        {tx.status === 'pending' ? ` · ${formatMoney(left)} left` : ''}
      </Typography>
      <Box component="ul" aria-label="Payments" sx={{ m: 0, pl: 2.5, color: 'text.secondary', typography: 'body2' }}>
        {tx.payments.map((payment) => (
          <li key={payment.recordedAt}>
            {[formatDate(payment.date, 'short'), PAYMENT_METHOD_LABELS[payment.method], payment.reference && `Ref ${payment.reference}`, formatMoney(payment.amount)].filter(Boolean).join(' · ')}
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** The transaction history, newest first. */
export function TransactionList({ items, label = 'Transactions', ...actions }: Omit<TransactionRowProps, 'tx'> & { items: readonly Transaction[]; label?: string }) {
  return (
    <Stack component="section" aria-label={label} spacing={1.5}>
      {items.map((tx) => (
        <TransactionRow key={tx.id} tx={tx} {...actions} />
      ))}
    </Stack>
  );
}
