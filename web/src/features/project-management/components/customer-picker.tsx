import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useFormikContext } from 'formik';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFieldMessage } from '../../../components/form-fields';
import { useCustomerSearch } from '../api/get-customers';
import { CUSTOMER_SEARCH_LIMIT, customerOptionLabel, type ProjectFormValues } from '../model';
import { SEARCH_DEBOUNCE_MS } from '../../../components/search-field';

interface CustomerOption {
  id: string;
  label: string;
}

interface CustomerPickerProps {
  /** Opens the new-customer form, with what was typed as the name. */
  onAddNew: (typed: string) => void;
}

/**
 * The project's customer: searched on the server as one types (by name,
 * phone or email), shown as 'First Last · phone'. Bound to the form's
 * customerId; customerLabel names the chosen one.
 */
export function CustomerPicker({ onAddNew }: CustomerPickerProps) {
  const { values, setValues } = useFormikContext<ProjectFormValues>();
  const { helpers, message, clearServerError } = useFieldMessage('customerId');
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  // What was last typed, kept when leaving the field resets its text: 'New customer' starts from it.
  const lastTyped = useRef('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const found = useCustomerSearch(search, CUSTOMER_SEARCH_LIMIT, open);
  const selected = useMemo<CustomerOption | null>(
    () => (values.customerId ? { id: values.customerId, label: values.customerLabel } : null),
    [values.customerId, values.customerLabel],
  );
  const options = useMemo<CustomerOption[]>(() => {
    const matches = (found.data?.items ?? []).map((customer) => ({ id: customer.id, label: customerOptionLabel(customer) }));
    // The chosen customer stays an option, so the field never shows a value outside its list.
    return selected && !matches.some((option) => option.id === selected.id) ? [selected, ...matches] : matches;
  }, [found.data, selected]);

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'flex-end', sm: 'flex-start' } }}>
      <Autocomplete<CustomerOption>
        fullWidth
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
        loadingText="Searching customers..."
        noOptionsText={search ? 'No customer matches. Add a new one.' : 'No customers yet. Add a new one.'}
        onChange={(_event, option) => {
          void setValues((current) => ({ ...current, customerId: option?.id ?? '', customerLabel: option?.label ?? '' }));
          clearServerError();
          lastTyped.current = '';
        }}
        onInputChange={(_event, value, reason) => {
          // Only what is typed is a search; the chosen customer's label is not.
          setTyped(reason === 'input' ? value : '');
          if (reason === 'input') lastTyped.current = value;
        }}
        onBlur={() => void helpers.setTouched(true)}
        renderInput={({ InputProps, inputProps, InputLabelProps, ...params }) => (
          <TextField
            {...params}
            name="customerId"
            label="Customer"
            required
            placeholder="Search by name or phone"
            error={Boolean(message)}
            helperText={message}
            slotProps={{
              htmlInput: inputProps,
              inputLabel: InputLabelProps,
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
      <Button
        variant="outlined"
        startIcon={<PersonAddAlt1OutlinedIcon />}
        onClick={() => onAddNew(lastTyped.current)}
        sx={{ flexShrink: 0, height: { sm: 56 } }}
      >
        New customer
      </Button>
    </Stack>
  );
}
