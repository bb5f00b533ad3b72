import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useFormikContext } from 'formik';
import type { PiiField } from '@app/shared-types/employees';
import { FormTextField } from '../../../components/form-fields';
import { PII_LABELS, type EmployeeFormValues } from '../model';

interface PiiFormFieldProps {
  field: PiiField;
  placeholder: string;
  maxLength: number;
  inputMode?: 'numeric' | 'text';
}

/**
 * A personal-data input. A stored value shows masked and read-only, and is
 * kept as it is unless 'Replace' is chosen: then the input is empty for the
 * new value (left empty, the value is removed), and 'Keep current' goes back.
 */
export function PiiFormField({ field, placeholder, maxLength, inputMode = 'text' }: PiiFormFieldProps) {
  const { values, initialValues, setValues, setFieldTouched } = useFormikContext<EmployeeFormValues>();
  const label = PII_LABELS[field];
  const stored = !initialValues.replacing[field];
  const replacing = values.replacing[field];

  // The mode and the value change in one update: the field never renders one without the other
  // (the masked value read-only, or an empty input to type into).
  const setReplacing = async (next: boolean) => {
    await setValues((current) => ({ ...current, replacing: { ...current.replacing, [field]: next }, [field]: next ? '' : initialValues[field] }), false);
    await setFieldTouched(field, false, false);
  };

  if (!replacing) {
    return (
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          fullWidth
          label={label}
          value={values[field]}
          helperText="Stored and kept as it is"
          slotProps={{
            htmlInput: { readOnly: true, 'aria-readonly': true },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Button size="small" onClick={() => void setReplacing(true)} aria-label={`Replace ${label}`}>
                    Replace
                  </Button>
                </InputAdornment>
              ),
            },
          }}
        />
      </Grid>
    );
  }
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <FormTextField
        fullWidth
        name={field}
        label={label}
        placeholder={placeholder}
        autoComplete="off"
        inputMode={inputMode}
        helperText={stored ? 'Type the new value; left empty, the stored one is removed' : undefined}
        // Typed into at once after 'Replace'.
        autoFocus={stored}
        slotProps={{
          // Always above the box: the placeholder shows the expected form.
          inputLabel: { shrink: true },
          htmlInput: { maxLength, spellCheck: false, autoCapitalize: 'characters' },
          input: stored
            ? {
                endAdornment: (
                  <InputAdornment position="end">
                    <Button size="small" onClick={() => void setReplacing(false)} aria-label={`Keep the current ${label}`}>
                      Keep current
                    </Button>
                  </InputAdornment>
                ),
              }
            : undefined,
        }}
      />
    </Grid>
  );
}
