import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useFormikContext, type FormikValues } from 'formik';
import { useRef, useState } from 'react';
import { AsyncPicker } from '../../../components/async-picker';
import { useCustomerSearch } from '../api/get-customers';
import { CUSTOMER_SEARCH_LIMIT, customerOptionLabel, splitName, type CustomerFormValues } from '../model';
import { CustomerDialog } from './customer-dialog';

const useSearch = (q: string, enabled: boolean) => useCustomerSearch(q, CUSTOMER_SEARCH_LIMIT, enabled);

/**
 * A form's customer: searched on the server as one types (by name, phone or
 * email), shown as 'First Last · +91 98480 33333', bound to `customerId`
 * (`customerLabel` names the chosen one), with 'New customer' beside it,
 * which starts from what was typed and chooses the customer it adds.
 */
export function CustomerField() {
  const { setValues } = useFormikContext<FormikValues>();
  // What was last typed, kept when leaving the field resets its text: 'New customer' starts from it.
  const lastTyped = useRef('');
  const [adding, setAdding] = useState<{ open: boolean; prefill: Partial<CustomerFormValues> }>({ open: false, prefill: {} });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'flex-end', sm: 'flex-start' } }}>
      <AsyncPicker
        name="customerId"
        labelName="customerLabel"
        label="Customer"
        required
        placeholder="Search by name or phone"
        noun="customers"
        useSearch={useSearch}
        optionLabel={customerOptionLabel}
        noMatchText="No customer matches. Add a new one."
        emptyText="No customers yet. Add a new one."
        onTyped={(typed) => (lastTyped.current = typed)}
      />
      <Button
        variant="outlined"
        startIcon={<PersonAddAlt1OutlinedIcon />}
        onClick={() => setAdding({ open: true, prefill: splitName(lastTyped.current) })}
        sx={{ flexShrink: 0, height: { sm: 56 } }}
      >
        New customer
      </Button>
      <CustomerDialog
        open={adding.open}
        customerId={null}
        prefill={adding.prefill}
        onClose={() => setAdding((current) => ({ ...current, open: false }))}
        onSaved={(customer) => void setValues((current) => ({ ...current, customerId: customer.id, customerLabel: customerOptionLabel(customer) }))}
      />
    </Stack>
  );
}
