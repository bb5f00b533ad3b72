import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDate, formatMoney } from '@app/shared-types/format';
import { QUOTATION_STATUS_LABELS, dimensionsText, rowsByUsageArea, type PublicQuotation } from '@app/shared-types/quotations';
import { round2, stageAmounts } from '@app/shared-types/finance';
import type { ReactNode } from 'react';

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Stack>
  );
}

/** The row's description as the client reads it: item, finish, brand, remarks. */
const describe = (row: PublicQuotation['rows'][number]) => [row.finishType, row.brand, row.remarks].filter(Boolean).join(' · ');

/** What the client reads first: the total they pay, until when, and where the quote stands. */
function Summary({ quote }: { quote: PublicQuotation }) {
  const facts: [string, string][] = [
    [quote.taxRate > 0 ? 'Total incl. GST' : 'Total', formatMoney(quote.totalWithTax)],
    ['Valid until', formatDate(quote.validUntil)],
    ['Status', QUOTATION_STATUS_LABELS[quote.status]],
  ];
  return (
    <Box component="dl" aria-label="Summary" sx={{ m: 0, mt: 3, p: 2, borderRadius: 1, bgcolor: 'action.hover', display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontSize: '1.1rem', fontVariantNumeric: 'tabular-nums' }}>
            {value}
          </Typography>
        </div>
      ))}
    </Box>
  );
}

/** The plan the payments follow, each stage's share of the grand total with its GST: what each demand will ask. */
function PaymentPlan({ quote }: { quote: PublicQuotation }) {
  if (quote.paymentPlan.length === 0) return null;
  return (
    <Box component="section" aria-label="Payment plan" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2">
        Payment plan
      </Typography>
      {quote.taxRate > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Each payment includes GST at {quote.taxRate}%.
        </Typography>
      )}
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.5, maxWidth: { sm: 420 } }}>
        {quote.paymentPlan.map((stage) => {
          const { amount, tax } = stageAmounts(quote.grandTotal, stage.percent, quote.taxRate);
          return <Line key={stage.name} label={`${stage.name} (${stage.percent}%)`} value={formatMoney(round2(amount + tax))} />;
        })}
      </Box>
    </Box>
  );
}

/**
 * The quote as the client sees it through the link: letterhead, a summary
 * (total, validity, status) and `notices` at the top, their details, rows by
 * usage area, totals in ₹ with GST, terms and the payment plan, and then
 * `actions` (Approve / Request changes), once all of it has been read.
 */
export function PublicQuotationView({ quote, actions, notices }: { quote: PublicQuotation; actions: ReactNode; notices?: ReactNode }) {
  const { company, clientDetails: client } = quote;
  return (
    <Card component="article" aria-labelledby="public-quote-title">
      <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            {company.companyLogo && <Box component="img" src={company.companyLogo} alt="" sx={{ height: 56, width: 'auto' }} />}
            <div>
              <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
                {company.companyName}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                {company.companyAddress}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {[company.companyPhone, company.companyEmail, company.gstNumber && `GSTIN ${company.gstNumber}`, company.taxNumber && `Tax No. ${company.taxNumber}`].filter(Boolean).join(' · ')}
              </Typography>
            </div>
          </Stack>
          <Box sx={{ textAlign: { sm: 'right' } }}>
            <Typography id="public-quote-title" variant="h4" component="h1">
              Quotation
            </Typography>
            <Typography sx={{ fontFamily: 'monospace' }}>{quote.quotationNumber}</Typography>
            <Typography variant="body2" color="text.secondary">
              Date: {formatDate(quote.quotationDate)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Valid until: {formatDate(quote.validUntil)}
            </Typography>
          </Box>
        </Stack>
        <Summary quote={quote} />
        {notices && <Box sx={{ mt: 2 }}>{notices}</Box>}
        {quote.title && (
          <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
            {quote.title}
          </Typography>
        )}
        <Box component="section" aria-label="Prepared for" sx={{ mt: 2 }}>
          <Typography variant="overline" color="text.secondary">
            Prepared for
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>{client.name}</Typography>
          <Typography variant="body2">{[client.phone, client.email].filter(Boolean).join(' · ')}</Typography>
          {client.address && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
              {client.address}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            {[client.projectType, client.siteAddress && `Site: ${client.siteAddress}`, client.community].filter(Boolean).join(' · ')}
          </Typography>
        </Box>


        {rowsByUsageArea(quote.rows).map((group, i) => (
          <Box key={group.usageArea} component="section" aria-label={group.usageArea} sx={{ mb: 3, mt: i === 0 ? 3 : 0 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {group.usageArea}
            </Typography>
            {/* A table on wider screens; stacked lines on a phone. Unit and quantity apart, as on the PDF: '1 sq.ft' would read as one square foot. */}
            <Table size="small" sx={{ display: { xs: 'none', sm: 'table' } }}>
              <TableHead>
                <TableRow>
                  <TableCell>Item</TableCell>
                  <TableCell>Size</TableCell>
                  <TableCell>Unit</TableCell>
                  <TableCell align="right">Qty</TableCell>
                  <TableCell align="right">Rate</TableCell>
                  <TableCell align="right">Amount</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {group.rows.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {row.item}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {describe(row)}
                      </Typography>
                    </TableCell>
                    <TableCell>{dimensionsText(row)}</TableCell>
                    <TableCell>{row.unit}</TableCell>
                    <TableCell align="right">{row.quantity}</TableCell>
                    <TableCell align="right">{formatMoney(row.unitPrice)}</TableCell>
                    <TableCell align="right">{formatMoney(row.total)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Stack spacing={1} sx={{ display: { xs: 'flex', sm: 'none' } }}>
              {group.rows.map((row) => (
                <Box key={row.id} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {row.item}
                    </Typography>
                    <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                      {formatMoney(row.total)}
                    </Typography>
                  </Stack>
                  <Typography variant="caption" color="text.secondary" component="p">
                    {[describe(row), dimensionsText(row), `Qty ${row.quantity}`, `${formatMoney(row.unitPrice)} per ${row.unit}`].filter(Boolean).join(' · ')}
                  </Typography>
                </Box>
              ))}
            </Stack>
          </Box>
        ))}

        <Box component="dl" aria-label="Totals" sx={{ ml: { sm: 'auto' }, maxWidth: { sm: 360 }, display: 'grid', gap: 0.75, my: 2 }}>
          <Line label="Subtotal" value={formatMoney(quote.subtotal)} />
          {quote.discount > 0 && <Line label={`Discount (${quote.discount}%)`} value={`-${formatMoney(quote.discountAmount)}`} />}
          {quote.taxRate > 0 && (
            <>
              <Line label="Total before GST" value={formatMoney(quote.grandTotal)} />
              <Line label={`GST at ${quote.taxRate}%`} value={formatMoney(quote.taxAmount)} />
            </>
          )}
          <Divider />
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography component="dt" sx={{ fontWeight: 700 }}>
              {quote.taxRate > 0 ? 'Total incl. GST' : 'Grand total'}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontSize: '1.25rem' }}>
              {formatMoney(quote.totalWithTax)}
            </Typography>
          </Stack>
          {quote.variation && <Line label="Approved before this variation (before GST)" value={formatMoney(quote.variation.grandTotal)} />}
        </Box>

        {quote.notes && (
          <Box component="section" aria-label="Terms" sx={{ mt: 3 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Terms and notes
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
              {quote.notes}
            </Typography>
          </Box>
        )}
        <PaymentPlan quote={quote} />

        <Box sx={{ mt: 4 }}>{actions}</Box>
      </CardContent>
    </Card>
  );
}
