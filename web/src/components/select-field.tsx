import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface SelectOption {
  value: string;
  label: string;
  /** Shown but not choosable (a SPEC.md option the product does not offer, with the field's helper text saying why). */
  disabled?: boolean;
}

interface SelectFieldProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  /** Label of an extra first choice whose value is '' (e.g. 'All statuses', 'Unassigned'). */
  emptyLabel?: string;
  disabled?: boolean;
  onChange: (value: string) => void;
}

/** A small select outside a form (filters, fields saved as they change). Forms use FormSelectField. */
export function SelectField({ label, value, options, emptyLabel, disabled, onChange }: SelectFieldProps) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      // With an empty choice, show its label ('All statuses') instead of a blank box under a floating label.
      slotProps={emptyLabel !== undefined ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined}
    >
      {emptyLabel !== undefined && <MenuItem value="">{emptyLabel}</MenuItem>}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
