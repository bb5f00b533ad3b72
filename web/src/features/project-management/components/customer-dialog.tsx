import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import { customerCreateSchema, customerName, customerUpdateSchema, type Customer } from '@app/shared-types/customers';
import { useQueryClient } from '@tanstack/react-query';
import { Formik } from 'formik';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { FormShell, FormTextField, serverErrorsStatus } from '../../../components/form-fields';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useCreateCustomer } from '../api/create-customer';
import { serverMessage, staleCurrent } from '../../../lib/api-errors';
import { getCustomerQueryOptions, useCustomer } from '../api/get-customer';
import { useUpdateCustomer } from '../api/update-customer';
import {
  NEW_CUSTOMER_VALUES,
  toCustomerFormValues,
  toCustomerInput,
  toCustomerUpdateInput,
  type CustomerFormValues,
} from '../model';
import { EditorLoadState } from './editor-load-state';
import { StaleAlert } from './stale-alert';

const TITLE_ID = 'customer-dialog-title';

interface CustomerFormProps {
  /** The customer as the form was loaded (null adds a new one). */
  customer: Customer | null;
  prefill?: Partial<CustomerFormValues>;
  onClose: () => void;
  onSaved?: (customer: Customer) => void;
  /** Starts the form again from the customer as saved now (after a stale save). */
  onReload: (current: Customer) => void;
}

/** The form inside the dialog; remounted for each loaded version, so Reload shows the saved values. */
function CustomerForm({ customer, prefill, onClose, onSaved, onReload }: CustomerFormProps) {
  const { toast } = useToast();
  const createCustomer = useCreateCustomer();
  const updateCustomer = useUpdateCustomer();
  const [stale, setStale] = useState<{ message: string; current: Customer } | null>(null);

  return (
    <Formik<CustomerFormValues>
      initialValues={customer ? toCustomerFormValues(customer) : { ...NEW_CUSTOMER_VALUES, ...prefill }}
      validationSchema={customer ? customerUpdateSchema : customerCreateSchema}
      onSubmit={async (values, { setStatus }) => {
        setStatus(undefined);
        try {
          const saved = customer
            ? await updateCustomer.mutateAsync({ id: customer.id, ...toCustomerUpdateInput(values) })
            : await createCustomer.mutateAsync(toCustomerInput(values));
          toast({ title: customer ? 'Customer updated successfully!' : 'Customer added successfully!', description: customerName(saved) });
          onSaved?.(saved);
          onClose();
        } catch (error) {
          const fields = serverFieldErrors(error);
          if (fields) setStatus(serverErrorsStatus(fields));
          const current = customer ? staleCurrent<Customer>(error, customer.id) : undefined;
          if (current) setStale({ message: serverMessage(error), current });
          toast({
            variant: 'destructive',
            title: customer ? 'Error updating customer' : 'Error adding customer',
            description: serverMessage(error),
          });
        }
      }}
    >
      {({ isSubmitting }) => (
        <FormShell>
          <DialogTitle id={TITLE_ID}>{customer ? 'Edit Customer' : 'Add Customer'}</DialogTitle>
          <DialogContent dividers>
            {stale && (
              <StaleAlert message={stale.message} noun="customer" onReload={() => onReload(stale.current)} />
            )}
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField name="firstName" label="First Name" required autoFocus autoComplete="off" />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField name="lastName" label="Last Name" autoComplete="off" />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField name="phone" label="Phone" type="tel" required autoComplete="off" />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField name="email" label="Email" type="email" autoComplete="off" />
              </Grid>
              <Grid size={{ xs: 12, sm: 8 }}>
                <FormTextField name="address" label="Address" />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormTextField name="city" label="City" />
              </Grid>
              <Grid size={12}>
                <FormTextField name="notes" label="Notes" multiline minRows={3} />
              </Grid>
            </Grid>
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2 }}>
            <Button onClick={onClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={isSubmitting || stale !== null}>
              {customer ? (isSubmitting ? 'Saving...' : 'Save Changes') : isSubmitting ? 'Adding...' : 'Add Customer'}
            </Button>
          </DialogActions>
        </FormShell>
      )}
    </Formik>
  );
}

interface CustomerEditorProps {
  customerId: string | null;
  prefill?: Partial<CustomerFormValues>;
  onClose: () => void;
  onSaved?: (customer: Customer) => void;
}

/**
 * Loads the customer to edit (instantly when the list put it in the cache)
 * and keeps the version the form started from: a refetch of the customer
 * while the form is open never resets what is being typed.
 */
function CustomerEditor({ customerId, prefill, onClose, onSaved }: CustomerEditorProps) {
  const queryClient = useQueryClient();
  const detail = useCustomer(customerId);
  const [loaded, setLoaded] = useState<Customer | null>(null);
  if (detail.data && loaded?.id !== detail.data.id) setLoaded(detail.data);

  if (customerId === null) return <CustomerForm customer={null} prefill={prefill} onClose={onClose} onSaved={onSaved} onReload={() => undefined} />;
  if (!loaded) return <EditorLoadState titleId={TITLE_ID} title="Edit Customer" noun="customer" error={detail.isError ? detail.error : null} onClose={onClose} />;
  return (
    <CustomerForm
      key={loaded.version}
      customer={loaded}
      onClose={onClose}
      onSaved={onSaved}
      onReload={(current) => {
        queryClient.setQueryData(getCustomerQueryOptions(current.id).queryKey, current);
        setLoaded(current);
      }}
    />
  );
}

interface CustomerDialogProps {
  open: boolean;
  /** The customer to edit; null adds a new one. */
  customerId: string | null;
  /** Values a new customer starts with (a name typed into the project form's search). */
  prefill?: Partial<CustomerFormValues>;
  onClose: () => void;
  /** Told the saved customer (the project form picks a customer it just added). */
  onSaved?: (customer: Customer) => void;
}

/** Add Customer / Edit Customer, validated with the schema the server uses. */
export function CustomerDialog({ open, customerId, prefill, onClose, onSaved }: CustomerDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} titleId={TITLE_ID} maxWidth="sm">
      <CustomerEditor customerId={customerId} prefill={prefill} onClose={onClose} onSaved={onSaved} />
    </FormDialog>
  );
}
