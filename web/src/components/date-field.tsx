import type { TextFieldProps } from '@mui/material/TextField';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/en-in';
import { useState } from 'react';
import { memoByValue } from '../lib/render-less';

/**
 * The portal's date input: MUI's date picker, shown and typed as DD/MM/YYYY (en-IN) whatever the
 * browser's locale, while the value stays the ISO calendar date ('YYYY-MM-DD') the API takes ('' when
 * empty or not a whole date). Its own module, loaded only where a date is asked for (form-fields.tsx
 * loads it lazily): the pickers and day.js stay out of the website's pages, which share the form kit.
 * The locale and adapter are set here, once, for every date field.
 */

/** The values' format: the API's calendar date. */
const ISO_DATE = 'YYYY-MM-DD';
/** What the field shows and takes (PRODUCT.md: Indian dates). */
export const DATE_FIELD_FORMAT = 'DD/MM/YYYY';
const LOCALE = 'en-in';

function isoOf(date: Dayjs | null): string {
  return date && date.isValid() ? date.format(ISO_DATE) : '';
}

function parseIso(value: string): Dayjs | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = dayjs(value);
  return date.isValid() ? date : null;
}

export interface DateFieldProps {
  label: string;
  /** 'YYYY-MM-DD', or '' for none. */
  value: string;
  /** The ISO date, or '' when the field is cleared or holds no whole date yet. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  error?: boolean;
  helperText?: TextFieldProps['helperText'];
  disabled?: boolean;
  required?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  /** The earliest and latest dates the calendar offers ('YYYY-MM-DD'). */
  min?: string;
  max?: string;
  sx?: TextFieldProps['sx'];
}

/** A date picker for an ISO date string, shown as DD/MM/YYYY. */
export function DateField({ label, value, onChange, onBlur, name, error, helperText, disabled, required, fullWidth = true, size, min, max, sx }: DateFieldProps) {
  // What the picker holds: a part-typed date is kept here (its ISO value is '') until it is whole.
  const [draft, setDraft] = useState<Dayjs | null>(() => parseIso(value));
  // A value set from outside (a reset, a reload, a default) replaces what was typed.
  if (value !== isoOf(draft) && !(value === '' && draft !== null && !draft.isValid())) setDraft(parseIso(value));
  const minDate = min ? (parseIso(min) ?? undefined) : undefined;
  const maxDate = max ? (parseIso(max) ?? undefined) : undefined;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={LOCALE}>
      <DatePicker
        label={label}
        value={draft}
        format={DATE_FIELD_FORMAT}
        minDate={minDate}
        maxDate={maxDate}
        disabled={disabled}
        onChange={(next) => {
          setDraft(next);
          const iso = isoOf(next);
          if (iso !== value) onChange(iso);
        }}
        onClose={onBlur}
        slotProps={{
          textField: { name, error, helperText, required, fullWidth, size, onBlur, sx },
        }}
      />
    </LocalizationProvider>
  );
}

/** For forms (form-fields.tsx): rendered again only when its own props change, not on every keystroke in another field. */
export default memoByValue(DateField);
