import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@app/shared-types/format';
import { useFormikContext } from 'formik';
import type { ReactNode } from 'react';
import { FormTextField } from '../../../components/form-fields';
import { liveTotals, type QuotationFormValues } from '../model';

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
      <Typography component="dt" color={strong ? 'text.primary' : 'text.secondary'} sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: strong ? 700 : 500, fontSize: strong ? '1.25rem' : undefined, fontVariantNumeric: 'tabular-nums' }} aria-label={label}>
        {value}
      </Typography>
    </Stack>
  );
}

/** SPEC.md 9 totals, live as the rows change: subtotal, discount % (0 to 100, steps of 0.1), discount amount, grand total. */
export function QuotationTotals({ children, locked = false }: { children?: ReactNode; locked?: boolean }) {
  const { values } = useFormikContext<QuotationFormValues>();
  const totals = liveTotals(values);
  return (
    <Stack spacing={1.5}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
        <Figure label="Subtotal" value={formatMoney(totals.subtotal)} />
      </Box>
      <FormTextField
        name="discount"
        label="Discount (%)"
        type="number"
        size="small"
        disabled={locked}
        slotProps={{ htmlInput: { min: 0, max: 100, step: 0.1, inputMode: 'decimal' } }}
      />
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
        <Figure label="Discount amount" value={formatMoney(totals.discountAmount)} />
        <Divider />
        <Figure label="Grand total" value={formatMoney(totals.grandTotal)} strong />
      </Box>
      {children}
    </Stack>
  );
}
