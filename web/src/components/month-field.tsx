import TextField, { type TextFieldProps } from '@mui/material/TextField';

/**
 * The portal's month input (reports by month, a month's spend): the browser's own month picker,
 * with the value the API takes, 'YYYY-MM' ('' when cleared). A browser without a month picker
 * shows a text box; its placeholder says the format. The label always sits above the box, as
 * the picker shows its own placeholder. For a whole date, date-field.tsx.
 */

/** What a browser without a month picker shows in the empty box. */
const MONTH_PLACEHOLDER = 'YYYY-MM';

export interface MonthFieldProps {
  label: string;
  /** 'YYYY-MM', or '' for none. */
  value: string;
  /** The month as the input holds it: 'YYYY-MM', or '' when cleared. */
  onChange: (value: string) => void;
  /** The earliest and latest months the picker offers ('YYYY-MM'). */
  min?: string;
  max?: string;
  name?: string;
  error?: boolean;
  helperText?: TextFieldProps['helperText'];
  disabled?: boolean;
  required?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  sx?: TextFieldProps['sx'];
}

/** A month picker for a 'YYYY-MM' string; small by default, as the filters it mostly sits in. */
export function MonthField({ label, value, onChange, min, max, name, error, helperText, disabled, required, fullWidth, size = 'small', sx }: MonthFieldProps) {
  return (
    <TextField
      type="month"
      label={label}
      size={size}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      name={name}
      error={error}
      helperText={helperText}
      disabled={disabled}
      required={required}
      fullWidth={fullWidth}
      sx={sx}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min, max, placeholder: MONTH_PLACEHOLDER } }}
    />
  );
}
