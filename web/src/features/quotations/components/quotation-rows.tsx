import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useFormikContext } from 'formik';
import { useUnits } from '../api/get-units';
import { useUsageAreas } from '../api/get-usage-areas';
import { useStableHandler } from '../../../lib/render-less';
import { newRow, type QuotationFormValues, type RowValues } from '../model';
import { QuotationRowEditor } from './quotation-row-editor';

/** The editable item table: one card per row, Add row (sq.ft, quantity 1) and Remove (never the last row); read-only when `locked` (an approved quote). */
export function QuotationRows({ locked = false }: { locked?: boolean }) {
  const { values, setFieldValue } = useFormikContext<QuotationFormValues>();
  const usageAreas = useUsageAreas().data ?? [];
  const units = useUnits();
  const rows = values.rows;
  // Handlers that keep their identity, so a row renders again only when its own values change.
  const onRemove = useStableHandler((id: string) => void setFieldValue('rows', rows.filter((candidate) => candidate.id !== id)));
  const onChange = useStableHandler((next: RowValues) => {
    const index = rows.findIndex((candidate) => candidate.id === next.id);
    if (index >= 0) void setFieldValue(`rows[${index}]`, next);
  });
  return (
    <Stack spacing={1.5} component="section" aria-label="Items">
      {rows.map((row, index) => (
        <QuotationRowEditor
          key={row.id}
          index={index}
          row={row}
          usageAreas={usageAreas}
          units={units}
          canRemove={rows.length > 1}
          onRemove={onRemove}
          onChange={onChange}
          locked={locked}
        />
      ))}
      {!locked && (
        <div>
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => void setFieldValue('rows', [...rows, newRow()])}>
            Add row
          </Button>
        </div>
      )}
    </Stack>
  );
}
