import type { ChangeEvent } from 'react';
import MenuItem from '@mui/material/MenuItem';
import { FieldTextField, useFieldMessage } from '../../../components/form-fields';
import { useStableHandler } from '../../../lib/render-less';

interface RowSelectProps {
  /** The Formik field, e.g. 'rows[0].item'. */
  name: string;
  label: string;
  options: readonly string[];
  /** What the choice does to the row (the clearing rules of SPEC.md 4); the value is set by it. */
  onChoose: (value: string) => void;
  disabled?: boolean;
  /** The first, empty choice ('Choose an item'); absent when a value is always set (unit). */
  emptyLabel?: string;
  /** Shown as the only, disabled choice when there are none ('No finish types available'). */
  noneText?: string;
}

/** A select of a row whose choice changes other fields of the row, bound to Formik by name for its message. */
export function RowSelect({ name, label, options, onChoose, disabled, emptyLabel, noneText }: RowSelectProps) {
  const { field, helpers, message, clearServerError } = useFieldMessage(name);
  const value = typeof field.value === 'string' ? field.value : '';
  const onChange = useStableHandler((event: ChangeEvent<HTMLInputElement>) => {
    onChoose(event.target.value);
    clearServerError();
  });
  const onBlur = useStableHandler(() => void helpers.setTouched(true, false));
  return (
    <FieldTextField
      select
      fullWidth
      size="small"
      name={name}
      label={label}
      value={value}
      disabled={disabled}
      onChange={onChange}
      onBlur={onBlur}
      error={Boolean(message)}
      helperText={message || undefined}
      slotProps={{ select: { displayEmpty: emptyLabel !== undefined }, inputLabel: { shrink: emptyLabel !== undefined || value !== '' ? true : undefined } }}
    >
      {emptyLabel !== undefined && (
        <MenuItem value="">
          <em>{emptyLabel}</em>
        </MenuItem>
      )}
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {option}
        </MenuItem>
      ))}
      {options.length === 0 && noneText && (
        <MenuItem value="__none" disabled>
          {noneText}
        </MenuItem>
      )}
    </FieldTextField>
  );
}
