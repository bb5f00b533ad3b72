import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Customer } from '@app/shared-types/customers';
import { customerName } from '@app/shared-types/customers';
import { DEFAULT_TAX_RATE, categoriesFor, type Transaction } from '@app/shared-types/finance';
import type { Project } from '@app/shared-types/projects';
import type { Vendor } from '@app/shared-types/vendors';
import { useField, useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';
import { AsyncPicker } from '../../../components/async-picker';
import { EntityForm, EntityFormDialog, FormSection } from '../../../components/entity-form-dialog';
import { FormField, FormTextField } from '../../../components/form-fields';
import { FormDateField } from '../../../components/form-date-field';
import { ApiError } from '../../../lib/api-client';
import { useCreateTransaction } from '../api/create-transaction';
import { useProjectFinancial } from '../api/get-project-financial';
import { useCustomerSearch, useProjectSearch, useVendorSearch } from '../api/search-references';
import { useUpdateTransaction } from '../api/update-transaction';
import {
  PAYMENT_METHOD_OPTIONS,
  STATUS_OPTIONS,
  TRANSACTION_FIELD_LABELS,
  TYPE_OPTIONS,
  categoryOptions,
  gstAt,
  newIdempotencyKey,
  newTransactionValues,
  stageOptions,
  toTransactionFormValues,
  toTransactionInput,
  transactionFormErrors,
  type TransactionFormValues,
} from '../model';
import { AttachmentManager } from './attachment-manager';

const TITLE_ID = 'transaction-dialog-title';
const projectLabel = (project: Project) => project.name;
const customerLabel = (customer: Customer) => customerName(customer);
const vendorLabel = (vendor: Vendor) => vendor.name;

interface TransactionDialogProps {
  open: boolean;
  /** The transaction to edit; null adds a new one. */
  transactionId: string | null;
  transaction: Transaction | undefined;
  error?: unknown;
  today: string;
  onClose: () => void;
}

/** Add Transaction / Edit Transaction (SPEC.md 3 and 5): type, category of that type, amount and description required. */
export function TransactionDialog({ open, transactionId, transaction, error, today, onClose }: TransactionDialogProps) {
  const create = useCreateTransaction();
  const update = useUpdateTransaction();
  // One key per submission of this dialog: a double click or a retry after a lost answer creates one transaction.
  const key = useRef(newIdempotencyKey());
  return (
    <EntityFormDialog<Transaction>
      open={open}
      onClose={onClose}
      titleId={TITLE_ID}
      id={transactionId}
      record={transaction}
      error={error}
      editTitle="Edit Transaction"
      noun="transaction"
    >
      {(loaded, reload) => (
        <EntityForm<TransactionFormValues, Transaction>
          titleId={TITLE_ID}
          title={loaded ? 'Edit Transaction' : 'Add Transaction'}
          initialValues={loaded ? toTransactionFormValues(loaded) : newTransactionValues(today)}
          validate={transactionFormErrors}
          validateOnChange={false}
          save={async (values) => {
            const input = toTransactionInput(values);
            if (loaded) return update.mutateAsync({ id: loaded.id, version: loaded.version, ...input });
            try {
              return await create.mutateAsync({ input, idempotencyKey: key.current });
            } catch (failure) {
              // The server answered: the next submission is a new one. A lost answer keeps the key for the retry.
              if (failure instanceof ApiError) key.current = newIdempotencyKey();
              throw failure;
            }
          }}
          savedToast={(saved) => ({
            title: loaded ? 'Transaction updated successfully' : 'Transaction added successfully',
            description: `${saved.transactionId}: ${saved.description}`,
          })}
          errorTitle={loaded ? 'Error updating transaction' : 'Error adding transaction'}
          submitLabel={loaded ? 'Save Changes' : 'Add Transaction'}
          submittingLabel={loaded ? 'Saving...' : 'Adding...'}
          versioned={loaded ? { id: loaded.id, noun: 'transaction', labels: TRANSACTION_FIELD_LABELS, toValues: toTransactionFormValues, onReload: reload } : undefined}
          onSaved={() => {
            key.current = newIdempotencyKey();
          }}
          onClose={onClose}
        >
          {(form) => <TransactionFields values={form.values} live={loaded ? (transaction?.id === loaded.id ? transaction : loaded) : null} />}
        </EntityForm>
      )}
    </EntityFormDialog>
  );
}

/** `live`: the transaction as saved now (its attachments), null when adding; the form keeps the version it was loaded from. */
function TransactionFields({ values, live }: { values: TransactionFormValues; live: Transaction | null }) {
  const { setFieldValue } = useFormikContext<TransactionFormValues>();
  const plan = useProjectFinancial(values.projectId);

  // A category of the other list is no longer valid once the type changes.
  useEffect(() => {
    if (values.category && values.type && !(categoriesFor(values.type) as readonly string[]).includes(values.category)) {
      void setFieldValue('category', '');
    }
  }, [values.type, values.category, setFieldValue]);

  return (
    <>
      <FormField name="type" label="Type" kind="select" required options={TYPE_OPTIONS} size={{ xs: 12, sm: 4 }} />
      <FormField
        name="category"
        label="Category"
        kind="select"
        required
        options={[{ value: '', label: 'Choose a category' }, ...categoryOptions(values.type)]}
        size={{ xs: 12, sm: 4 }}
      />
      <FormField name="stageName" label="Payment Stage" kind="select" options={stageOptions(plan.data?.stages, values.stageName)} size={{ xs: 12, sm: 4 }} />
      <FormField name="amount" label="Amount (₹)" kind="money" required placeholder="0.00" helperText="Excluding GST" />
      <Grid size={{ xs: 12, sm: 6 }}>
        <GstField amount={values.amount} />
      </Grid>
      <FormField name="description" label="Description" kind="multiline" required size={12} />

      <FormSection title="For" />
      <Grid size={{ xs: 12, sm: 4 }}>
        <AsyncPicker<Project>
          name="projectId"
          labelName="projectLabel"
          label="Project"
          placeholder="None"
          shrinkLabel
          noun="projects"
          useSearch={useProjectSearch}
          optionLabel={projectLabel}
          noMatchText="No project matches"
          emptyText="No projects yet"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <AsyncPicker<Customer>
          name="customerId"
          labelName="customerLabel"
          label="Customer"
          placeholder="None"
          shrinkLabel
          noun="customers"
          useSearch={useCustomerSearch}
          optionLabel={customerLabel}
          noMatchText="No customer matches"
          emptyText="No customers yet"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <AsyncPicker<Vendor>
          name="vendorId"
          labelName="vendorLabel"
          label="Vendor"
          placeholder="None"
          shrinkLabel
          noun="vendors"
          useSearch={useVendorSearch}
          optionLabel={vendorLabel}
          noMatchText="No vendor matches"
          emptyText="No vendors yet"
        />
      </Grid>

      <FormSection title="Payment" />
      <FormField name="paymentMethod" label="Payment Method" kind="select" options={PAYMENT_METHOD_OPTIONS} size={{ xs: 6, sm: 4 }} />
      <FormField name="status" label="Status" kind="select" options={STATUS_OPTIONS} size={{ xs: 6, sm: 4 }} />
      <FormField name="referenceNumber" label="Reference Number" placeholder="UTR, cheque or invoice no." size={{ xs: 12, sm: 4 }} />
      <FormDateField name="transactionDate" label="Transaction Date" size={{ xs: 6, sm: 4 }} />
      <FormDateField name="dueDate" label="Due Date" size={{ xs: 6, sm: 4 }} />
      <Grid size={{ xs: 12, sm: 4 }} sx={{ display: 'flex', alignItems: 'center' }}>
        <RecurringSwitch />
      </Grid>

      <FormSection title="Attachments" />
      <Grid size={12}>
        {live ? (
          <AttachmentManager transaction={live} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            Save the transaction first to attach receipts.
          </Typography>
        )}
      </Grid>
    </>
  );
}

/** GST in rupees on top of the amount, with the default rate one click away. */
function GstField({ amount }: { amount: string }) {
  const { setFieldValue } = useFormikContext<TransactionFormValues>();
  const fill = gstAt(amount, DEFAULT_TAX_RATE);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <FormTextField
        name="taxAmount"
        label="GST (₹)"
        inputMode="decimal"
        placeholder={`${DEFAULT_TAX_RATE}%`}
        helperText={`GST on top of the amount; ${DEFAULT_TAX_RATE}% is the default rate`}
        fullWidth
        // The placeholder is the hint: keep it visible.
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button variant="outlined" onClick={() => void setFieldValue('taxAmount', fill)} disabled={!fill} sx={{ flexShrink: 0, height: 56 }}>
        Use {DEFAULT_TAX_RATE}%
      </Button>
    </Stack>
  );
}

function RecurringSwitch() {
  const [field, , helpers] = useField<boolean>('isRecurring');
  return (
    <FormControlLabel
      control={<Switch checked={field.value} onChange={(event) => void helpers.setValue(event.target.checked)} name="isRecurring" />}
      label="Recurring monthly"
    />
  );
}
