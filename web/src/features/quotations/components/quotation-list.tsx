import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import OpenInNewIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDate, formatMoney } from '@app/shared-types/format';
import { QUOTATION_STATUS_LABELS, effectiveStatus, type Quotation } from '@app/shared-types/quotations';
import { STATUS_COLORS } from '../model';

interface QuotationActions {
  onOpen: (quote: Quotation) => void;
  onDuplicate: (quote: Quotation) => void;
  /** Absent when the signed-in role may not delete quotations. */
  onDelete?: (quote: Quotation) => void;
}

/** One quotation of the list: number, client, status (as of today), grand total, valid until; open, duplicate, delete. */
export function QuotationListRow({ quote, today, onOpen, onDuplicate, onDelete }: QuotationActions & { quote: Quotation; today: string }) {
  const titleId = `quotation-${quote.id}-title`;
  const status = effectiveStatus(quote, today);
  return (
    <Card component="article" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 1.75, sm: 2 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }} sx={{ justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 0.5 }}>
            <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
              {quote.quotationNumber}
            </Typography>
            <Chip size="small" color={STATUS_COLORS[status]} label={QUOTATION_STATUS_LABELS[status]} />
          </Stack>
          <Typography id={titleId} component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {quote.clientDetails.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {[quote.title, quote.clientDetails.projectType, `${quote.rows.length} ${quote.rows.length === 1 ? 'row' : 'rows'}`].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
        <Box sx={{ textAlign: { sm: 'right' }, flexShrink: 0 }}>
          <Typography sx={{ fontWeight: 700, fontSize: '1.1rem', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} aria-label={`Grand total ${formatMoney(quote.grandTotal)}`}>
            {formatMoney(quote.grandTotal)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            Valid until {formatDate(quote.validUntil, 'short')}
          </Typography>
        </Box>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.25, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" startIcon={<OpenInNewIcon />} onClick={() => onOpen(quote)} aria-describedby={titleId}>
          Open
        </Button>
        <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => onDuplicate(quote)} aria-describedby={titleId}>
          Duplicate
        </Button>
        {onDelete && (
          <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={() => onDelete(quote)} aria-describedby={titleId}>
            Delete
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** The quotations, newest first. */
export function QuotationList({ items, today, ...actions }: QuotationActions & { items: readonly Quotation[]; today: string }) {
  return (
    <Stack component="section" aria-label="Quotations" spacing={1.5}>
      {items.map((quote) => (
        <QuotationListRow key={quote.id} quote={quote} today={today} {...actions} />
      ))}
    </Stack>
  );
}
