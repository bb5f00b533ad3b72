import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid, { type GridProps } from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Form, useField, useFormikContext } from 'formik';
import { HONEYPOT_FIELD } from '@app/shared-types/forms';
import { useEffect, useRef, type ChangeEvent, type ReactNode } from 'react';
import { memoByValue, useStableHandler } from '../lib/render-less';
import { useDirtyForm } from './discard-guard';
import type { SelectOption } from './select-field';

/**
 * The one form pattern of the app: Formik owns the values, the shared yup schema
 * validates them, and these MUI fields show the message of a touched field, or
 * the message the server sent for it (kept in Formik's status until that field
 * changes).
 */

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' && value !== null && Object.values(value).every((item) => typeof item === 'string')
  );
}

function serverErrorsOf(status: unknown): Record<string, string> {
  if (typeof status !== 'object' || status === null || !('serverErrors' in status)) return {};
  return isStringRecord(status.serverErrors) ? status.serverErrors : {};
}

/** The Formik status that makes the fields show server-side messages: `setStatus(serverErrorsStatus(fields))`. */
export function serverErrorsStatus(fields: Record<string, string>) {
  return { serverErrors: fields };
}

/**
 * A Formik field with the message to show under it (the touched field's own,
 * else the server's), for inputs the fields below do not cover (an
 * Autocomplete). Call clearServerError when the value changes.
 */
export function useFieldMessage(name: string) {
  const [field, meta, helpers] = useField<string | number>(name);
  const { status, setStatus } = useFormikContext();
  const serverErrors = serverErrorsOf(status);
  const serverError = serverErrors[name];
  const message = (meta.touched && meta.error) || serverError;
  const clearServerError = () => {
    if (serverError === undefined) return;
    const { [name]: _cleared, ...rest } = serverErrors;
    setStatus(serverErrorsStatus(rest));
  };
  return { field, helpers, message, clearServerError };
}

type BaseProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'select' | 'label'> & {
  name: string;
  label: string;
};

/**
 * MUI's TextField for a field of a Formik form: it renders again only when its own props change by
 * value, not on every keystroke in another field (lib/render-less.ts). Its handlers keep their
 * identity (useStableHandler).
 */
export const FieldTextField = memoByValue(TextField);

/** A text (or number, email, multiline) input bound to a Formik field. */
export function FormTextField({ name, helperText, ...props }: BaseProps) {
  const { field, message, clearServerError } = useFieldMessage(name);
  const onChange = useStableHandler((event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    field.onChange(event);
    clearServerError();
  });
  return (
    <FieldTextField
      {...props}
      name={name}
      value={field.value ?? ''}
      onChange={onChange}
      onBlur={field.onBlur}
      error={Boolean(message)}
      helperText={message || helperText}
    />
  );
}

export type { SelectOption };

/** A select bound to a Formik field; `options` in display order. */
export function FormSelectField({
  name,
  options,
  helperText,
  ...props
}: BaseProps & { options: readonly SelectOption[] }) {
  const { field, helpers, message, clearServerError } = useFieldMessage(name);
  const onChange = useStableHandler((event: ChangeEvent<HTMLInputElement>) => {
    void helpers.setValue(event.target.value);
    clearServerError();
  });
  // MUI's select blurs a div without the field's name, so mark the field touched directly.
  const onBlur = useStableHandler(() => void helpers.setTouched(true));
  return (
    <FieldTextField
      {...props}
      select
      name={name}
      value={field.value ?? ''}
      onChange={onChange}
      onBlur={onBlur}
      error={Boolean(message)}
      helperText={message || helperText}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </MenuItem>
      ))}
    </FieldTextField>
  );
}

/** How a FormField takes its value: the input it renders and the keyboard it asks for. */
export type FieldKind = 'text' | 'number' | 'money' | 'multiline' | 'select';
// A date: FormDateField (form-date-field.tsx), a module the website's forms never reference.

/** The grid cell a field fills: a number of the 12 columns, or one per breakpoint. */
export type FieldCell = GridProps['size'];

/** Half a row from `sm` up, a whole row on phones: the usual form field. */
export const HALF_ROW: FieldCell = { xs: 12, sm: 6 };

type FieldInputProps = Omit<BaseProps, 'size'> &
  (
    | {
        /** text (the default), number (whole numbers), money (rupees, decimals allowed), or multiline. */
        kind?: Exclude<FieldKind, 'select'>;
        /** The height of a multiline field, in rows (2 when not given). */
        rows?: number;
      }
    | { kind: 'select'; options: readonly SelectOption[] }
  );

type FormFieldProps = FieldInputProps & {
  /** The grid cell it fills; half a row from `sm` up when not given. */
  size?: FieldCell;
};

/**
 * A form field in its grid cell, bound to Formik by name: the one way the
 * portal dialogs and the website forms write a field. The label is what users
 * (and the e2e tests) find the field by.
 */
export const FormField = memoByValue(function FormField({ size = HALF_ROW, ...props }: FormFieldProps) {
  return <Grid size={size}>{fieldInput(props)}</Grid>;
});

function fieldInput(props: FieldInputProps): ReactNode {
  if (props.kind === 'select') {
    const { kind: _kind, ...select } = props;
    return <FormSelectField {...select} />;
  }
  const { kind = 'text', rows, ...input } = props;
  switch (kind) {
    case 'number':
      return <FormTextField inputMode="numeric" {...input} />;
    case 'money':
      return <FormTextField inputMode="decimal" {...input} />;
    case 'multiline':
      return <FormTextField multiline minRows={rows ?? 2} {...input} />;
    case 'text':
      return <FormTextField {...input} />;
  }
}

/**
 * A yes/no box bound to a Formik field (a boolean), in its grid cell (a whole row when not given):
 * unticked until the person ticks it. The label is what users (and the e2e tests) find it by.
 */
export function FormCheckboxField({ name, label, size = 12 }: { name: string; label: string; size?: FieldCell }) {
  const [field, , helpers] = useField<boolean>(name);
  const onChange = useStableHandler((_event: ChangeEvent<HTMLInputElement>, checked: boolean) => void helpers.setValue(checked));
  return (
    <Grid size={size}>
      <FormControlLabel control={<Checkbox name={name} checked={field.value === true} onChange={onChange} onBlur={field.onBlur} />} label={label} />
    </Grid>
  );
}

/**
 * The spam trap: a field people never see or reach with the keyboard, which
 * bots fill in. Moved off-screen (not display:none, which bots skip).
 */
export function HoneypotField({ name = HONEYPOT_FIELD }: { name?: string }) {
  const [field] = useField<string>(name);
  const id = `${name}-trap`;
  return (
    <Box aria-hidden="true" sx={{ position: 'absolute', left: '-10000px', top: 'auto', width: 1, height: 1, overflow: 'hidden' }}>
      <label htmlFor={id}>Website</label>
      <input id={id} type="text" {...field} value={field.value ?? ''} tabIndex={-1} autoComplete="off" />
    </Box>
  );
}

/**
 * Formik's <Form> without browser validation, moving focus to the first invalid field after a failed
 * submit, and telling the dialog and the portal around it whether it has unsaved changes.
 */
export function FormShell({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLFormElement>(null);
  const { submitCount, isSubmitting, dirty } = useFormikContext();
  // Unsaved changes ask before they are dropped (discard-guard.tsx); a form being saved has none to lose.
  useDirtyForm(dirty && !isSubmitting);
  useEffect(() => {
    if (submitCount === 0 || isSubmitting) return;
    const invalid = ref.current?.querySelector('.MuiInputBase-root.Mui-error');
    const target = invalid?.querySelector<HTMLElement>(
      '[role="combobox"], input:not([aria-hidden="true"]), textarea:not([aria-hidden="true"])',
    );
    target?.focus();
    // Only when a submit attempt ends, never while the visitor is typing.
  }, [submitCount, isSubmitting]);
  return (
    <Form noValidate ref={ref} style={{ position: 'relative' }}>
      {children}
    </Form>
  );
}
