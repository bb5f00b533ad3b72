import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { lazy, Suspense } from 'react';
import { memoByValue, useStableHandler } from '../lib/render-less';
import { HALF_ROW, useFieldMessage, type FieldCell } from './form-fields';

/**
 * The portal's date field for Formik forms, a module of its own: the website's
 * forms (form-fields.tsx), which have no date, never reference it, so neither
 * the site's bundle nor the page renderer carries the picker.
 */

/** The date picker, loaded when a form first shows a date. */
const DateField = lazy(() => import('./date-field'));

/** What a date field shows while the picker loads. */
const DATE_PLACEHOLDER = 'DD/MM/YYYY';

interface FormDateFieldProps {
  name: string;
  label: string;
  helperText?: string;
  disabled?: boolean;
  required?: boolean;
  fullWidth?: boolean;
  /** The grid cell it fills, as FormField's; half a row from `sm` up when not given. */
  size?: FieldCell;
}

/**
 * A date bound to a Formik field holding 'YYYY-MM-DD' (or ''), in its grid
 * cell: MUI's date picker, shown and typed as DD/MM/YYYY whatever the
 * browser's locale (date-field.tsx).
 */
export const FormDateField = memoByValue(function FormDateField({ size = HALF_ROW, ...props }: FormDateFieldProps) {
  return (
    <Grid size={size}>
      <DateInput {...props} />
    </Grid>
  );
});

function DateInput({ name, label, helperText, disabled, required, fullWidth = true }: Omit<FormDateFieldProps, 'size'>) {
  const { field, helpers, message, clearServerError } = useFieldMessage(name);
  const onChange = useStableHandler((value: string) => {
    void helpers.setValue(value);
    clearServerError();
  });
  const onBlur = useStableHandler(() => void helpers.setTouched(true));
  const shown = message || helperText;
  return (
    <Suspense fallback={<TextField label={label} value="" placeholder={DATE_PLACEHOLDER} disabled fullWidth={fullWidth} helperText={shown} slotProps={{ inputLabel: { shrink: true } }} />}>
      <DateField
        name={name}
        label={label}
        value={typeof field.value === 'string' ? field.value : ''}
        onChange={onChange}
        onBlur={onBlur}
        error={Boolean(message)}
        helperText={shown}
        disabled={disabled}
        required={required}
        fullWidth={fullWidth}
      />
    </Suspense>
  );
}
