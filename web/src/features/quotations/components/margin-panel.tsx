import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@app/shared-types/format';
import type { Quotation } from '@app/shared-types/quotations';
import { useFormikContext } from 'formik';
import { isBelowThreshold, liveMargin, type QuotationFormValues } from '../model';

const percent = (value: number | null) => (value === null ? '—' : `${value}%`);

/**
 * Staff only, never on the client's page or PDF: the cost of the rows the
 * library prices (a live estimate from its cost prices) and the margin, with
 * the saved figures, and a warning below the threshold.
 */
export function MarginPanel({ saved, threshold }: { saved: Quotation | null; threshold: number }) {
  const { values } = useFormikContext<QuotationFormValues>();
  const live = liveMargin(values);
  const low = isBelowThreshold(live.marginPercent, threshold);
  return (
    <Card variant="outlined" component="section" aria-labelledby="quotation-margin-title">
      <CardContent>
        <Typography id="quotation-margin-title" variant="overline" component="h3" color="text.secondary">
          Cost and margin (staff only)
        </Typography>
        <Stack spacing={0.5}>
          <Typography variant="body2">
            Estimated cost: <strong>{formatMoney(live.costTotal)}</strong> · margin <strong aria-label="Estimated margin">{percent(live.marginPercent)}</strong>
          </Typography>
          {live.uncostedRows > 0 && (
            <Typography variant="body2" color="text.secondary">
              {live.uncostedRows === 1 ? '1 row has' : `${live.uncostedRows} rows have`} no cost price in the rate library and {live.uncostedRows === 1 ? 'is' : 'are'} not counted.
            </Typography>
          )}
          {saved && (
            <Typography variant="body2" color="text.secondary">
              As saved: cost {formatMoney(saved.costTotal)} · margin {percent(saved.marginPercent)}
            </Typography>
          )}
        </Stack>
        {low && (
          <Alert severity="warning" sx={{ mt: 1.5 }}>
            The margin is below the {threshold}% threshold.
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
