import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDate, formatMoney } from '@app/shared-types/format';
import { QUOTATION_STATUS_LABELS, dimensionsText, rowsByUsageArea, type Quotation } from '@app/shared-types/quotations';

/** A version of a quote, read only: client, dates, rows by usage area and the totals. */
export function QuotationSummary({ quote }: { quote: Quotation }) {
  const client = quote.clientDetails;
  return (
    <Stack spacing={2}>
      <div>
        <Typography sx={{ fontWeight: 600 }}>
          {quote.quotationNumber} · {QUOTATION_STATUS_LABELS[quote.status]}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatDate(quote.quotationDate, 'short')} to {formatDate(quote.validUntil, 'short')}
          {quote.title ? ` · ${quote.title}` : ''}
        </Typography>
        <Typography variant="body2">
          {[client.name, client.phone, client.email, client.projectType, client.siteAddress, client.community].filter(Boolean).join(' · ')}
        </Typography>
      </div>
      {rowsByUsageArea(quote.rows).map((group) => (
        <Box key={group.usageArea} component="section" aria-label={group.usageArea}>
          <Typography variant="subtitle2">{group.usageArea}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {group.rows.map((row) => (
              <li key={row.id}>
                <Typography variant="body2">
                  {[row.item || 'Item', row.finishType, row.brand, dimensionsText(row), `${row.quantity} ${row.unit}`, `@ ${formatMoney(row.unitPrice)}`].filter(Boolean).join(' · ')} ={' '}
                  {formatMoney(row.total)}
                </Typography>
              </li>
            ))}
          </Box>
        </Box>
      ))}
      <Typography variant="body2">
        Subtotal {formatMoney(quote.subtotal)} · discount {quote.discount}% ({formatMoney(quote.discountAmount)}) · <strong>grand total {formatMoney(quote.grandTotal)}</strong>
      </Typography>
    </Stack>
  );
}
