import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { useFormikContext, type FormikValues } from 'formik';
import { useEffect, useMemo, useState } from 'react';
import { useFieldMessage } from './form-fields';
import { SEARCH_DEBOUNCE_MS } from './search-field';

export interface PickerOption {
  id: string;
  label: string;
}

/** What the picker needs of a server search (a react-query query of `{ items }`). */
export interface PickerSearch<T> {
  data?: { items: T[] };
  isFetching: boolean;
}

interface AsyncPickerProps<T extends { id: string }> {
  /** The form field holding the chosen record's id ('customerId'). */
  name: string;
  /** The form field holding how the chosen record is named ('customerLabel'); not sent. */
  labelName: string;
  label: string;
  placeholder?: string;
  required?: boolean;
  /** 'customers', for 'Searching customers...'. */
  noun: string;
  /** The server search of what is typed (debounced); `enabled` while the list is open. */
  useSearch: (q: string, enabled: boolean) => PickerSearch<T>;
  optionLabel: (record: T) => string;
  noMatchText: string;
  emptyText: string;
  /** Keep the label above the box, so the placeholder ('All projects', 'None') shows while nothing is chosen. */
  shrinkLabel?: boolean;
  /** Told what was typed, as typed (e.g. to start a new record from it). */
  onTyped?: (typed: string) => void;
}

interface AsyncPickerInputProps<T extends { id: string }> extends Omit<AsyncPickerProps<T>, 'labelName'> {
  /** The chosen record, or null for none. */
  value: PickerOption | null;
  onChange: (option: PickerOption | null) => void;
  onBlur?: () => void;
  /** The message under the field (an error). */
  message?: string;
  size?: 'small' | 'medium';
}

/**
 * The search-as-you-type input of a record (customer, project, vendor,
 * employee), not bound to a form: a filter bar uses it as it is, forms use
 * AsyncPicker. The chosen record stays an option, so the field never shows a
 * value outside its list.
 */
export function AsyncPickerInput<T extends { id: string }>(props: AsyncPickerInputProps<T>) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const found = props.useSearch(search, open);
  const selected = props.value;
  const { optionLabel } = props;
  const options = useMemo<PickerOption[]>(() => {
    const matches = (found.data?.items ?? []).map((record) => ({ id: record.id, label: optionLabel(record) }));
    return selected && !matches.some((option) => option.id === selected.id) ? [selected, ...matches] : matches;
  }, [found.data, selected, optionLabel]);

  return (
    <Autocomplete<PickerOption>
      fullWidth
      size={props.size}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={selected}
      options={options}
      // The server has already searched; the list is the answer.
      filterOptions={(list) => list}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      getOptionLabel={(option) => option.label}
      loading={found.isFetching}
      loadingText={`Searching ${props.noun}...`}
      noOptionsText={search ? props.noMatchText : props.emptyText}
      onChange={(_event, option) => {
        props.onChange(option);
        props.onTyped?.('');
      }}
      onInputChange={(_event, value, reason) => {
        // Only what is typed is a search; the chosen record's label is not.
        setTyped(reason === 'input' ? value : '');
        if (reason === 'input') props.onTyped?.(value);
      }}
      onBlur={props.onBlur}
      renderInput={({ InputProps, inputProps, InputLabelProps, ...params }) => (
        <TextField
          {...params}
          name={props.name}
          label={props.label}
          required={props.required}
          placeholder={props.placeholder}
          error={Boolean(props.message)}
          helperText={props.message}
          slotProps={{
            htmlInput: inputProps,
            inputLabel: props.shrinkLabel ? { ...InputLabelProps, shrink: true } : InputLabelProps,
            input: {
              ...InputProps,
              endAdornment: (
                <>
                  {found.isFetching && open ? <CircularProgress color="inherit" size={18} aria-hidden /> : null}
                  {InputProps.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}

/**
 * A record chosen from a server search as one types (customer, project,
 * vendor, employee), bound to a form's id field (cleared: '').
 */
export function AsyncPicker<T extends { id: string }>({ labelName, ...props }: AsyncPickerProps<T>) {
  const { values, setValues } = useFormikContext<FormikValues>();
  const { helpers, message, clearServerError } = useFieldMessage(props.name);
  const id = String(values[props.name] ?? '');
  const label = String(values[labelName] ?? '');
  const selected = useMemo<PickerOption | null>(() => (id ? { id, label } : null), [id, label]);
  return (
    <AsyncPickerInput<T>
      {...props}
      value={selected}
      message={message}
      onChange={(option) => {
        void setValues((current) => ({ ...current, [props.name]: option?.id ?? '', [labelName]: option?.label ?? '' }));
        clearServerError();
      }}
      onBlur={() => void helpers.setTouched(true)}
    />
  );
}
