import { customerCreateSchema, customerName, customerUpdateSchema, type Customer } from '@app/shared-types/customers';
import { useQueryClient } from '@tanstack/react-query';
import { EntityForm, EntityFormDialog } from '../../../components/entity-form-dialog';
import { FormField } from '../../../components/form-fields';
import { useCreateCustomer } from '../api/create-customer';
import { getCustomerQueryOptions, useCustomer } from '../api/get-customer';
import { useUpdateCustomer } from '../api/update-customer';
import {
  CUSTOMER_FIELD_LABELS,
  NEW_CUSTOMER_VALUES,
  toCustomerFormValues,
  toCustomerInput,
  toCustomerUpdateInput,
  type CustomerFormValues,
} from '../model';

const TITLE_ID = 'customer-dialog-title';

interface CustomerDialogProps {
  open: boolean;
  /** The customer to edit; null adds a new one. */
  customerId: string | null;
  /** Values a new customer starts with (a name typed into a customer picker). */
  prefill?: Partial<CustomerFormValues>;
  onClose: () => void;
  /** Told the saved customer (a picker chooses a customer it just added). */
  onSaved?: (customer: Customer) => void;
}

/** Add Customer / Edit Customer, validated with the schema the server uses. */
export function CustomerDialog({ open, customerId, prefill, onClose, onSaved }: CustomerDialogProps) {
  const queryClient = useQueryClient();
  const detail = useCustomer(customerId);
  const createCustomer = useCreateCustomer();
  const updateCustomer = useUpdateCustomer();
  return (
    <EntityFormDialog<Customer>
      open={open}
      onClose={onClose}
      titleId={TITLE_ID}
      maxWidth="sm"
      id={customerId}
      record={detail.data}
      error={detail.isError ? detail.error : null}
      editTitle="Edit Customer"
      noun="customer"
      onReload={(current) => queryClient.setQueryData(getCustomerQueryOptions(current.id).queryKey, current)}
    >
      {(customer, reload) => (
        <EntityForm<CustomerFormValues, Customer>
          titleId={TITLE_ID}
          title={customer ? 'Edit Customer' : 'Add Customer'}
          initialValues={customer ? toCustomerFormValues(customer) : { ...NEW_CUSTOMER_VALUES, ...prefill }}
          validationSchema={customer ? customerUpdateSchema : customerCreateSchema}
          save={(values) =>
            customer
              ? updateCustomer.mutateAsync({ id: customer.id, ...toCustomerUpdateInput(values) })
              : createCustomer.mutateAsync(toCustomerInput(values))
          }
          savedToast={(saved) => ({ title: customer ? 'Customer updated successfully!' : 'Customer added successfully!', description: customerName(saved) })}
          errorTitle={customer ? 'Error updating customer' : 'Error adding customer'}
          submitLabel={customer ? 'Save Changes' : 'Add Customer'}
          submittingLabel={customer ? 'Saving...' : 'Adding...'}
          versioned={customer ? { id: customer.id, noun: 'customer', labels: CUSTOMER_FIELD_LABELS, toValues: toCustomerFormValues, onReload: reload } : undefined}
          onSaved={onSaved}
          onClose={onClose}
        >
          <FormField name="firstName" label="First Name" required autoFocus autoComplete="off" />
          <FormField name="lastName" label="Last Name" autoComplete="off" />
          <FormField name="phone" label="Phone" type="tel" required autoComplete="off" />
          <FormField name="email" label="Email" type="email" autoComplete="off" />
          <FormField name="address" label="Address" size={{ xs: 12, sm: 8 }} />
          <FormField name="city" label="City" size={{ xs: 12, sm: 4 }} />
          <FormField name="notes" label="Notes" kind="multiline" rows={3} size={12} />
        </EntityForm>
      )}
    </EntityFormDialog>
  );
}
