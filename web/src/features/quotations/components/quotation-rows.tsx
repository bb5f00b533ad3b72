import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useFormikContext } from 'formik';
import { useUnits } from '../api/get-units';
import { useUsageAreas } from '../api/get-usage-areas';
import { newRow, type QuotationFormValues } from '../model';
import { QuotationRowEditor } from './quotation-row-editor';

/** The editable item table: one card per row, Add row (sq.ft, quantity 1) and Remove (never the last row). */
export function QuotationRows() {
  const { values, setFieldValue } = useFormikContext<QuotationFormValues>();
  const usageAreas = useUsageAreas().data ?? [];
  const units = useUnits();
  const rows = values.rows;
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
          onRemove={() => void setFieldValue('rows', rows.filter((candidate) => candidate.id !== row.id))}
        />
      ))}
      <div>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => void setFieldValue('rows', [...rows, newRow()])}>
          Add row
        </Button>
      </div>
    </Stack>
  );
}
