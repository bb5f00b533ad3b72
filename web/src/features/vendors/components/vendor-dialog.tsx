import type { Vendor } from '@app/shared-types/vendors';
import { EntityForm, EntityFormDialog, FormSection } from '../../../components/entity-form-dialog';
import { FormField } from '../../../components/form-fields';
import { FormDateField } from '../../../components/form-date-field';
import { useCreateVendor } from '../api/create-vendor';
import { useUpdateVendor } from '../api/update-vendor';
import {
  CATEGORY_OPTIONS,
  NEW_VENDOR_VALUES,
  RATING_OPTIONS,
  STATUS_OPTIONS,
  VENDOR_FIELD_LABELS,
  toFormFieldErrors,
  toVendorFormValues,
  toVendorInput,
  vendorFormErrors,
  type VendorFormValues,
} from '../model';

const TITLE_ID = 'vendor-dialog-title';
const CATEGORY_CHOICES = [{ value: '', label: 'Choose a category' }, ...CATEGORY_OPTIONS];

interface VendorDialogProps {
  open: boolean;
  /** The vendor to edit; null adds a new one. */
  vendorId: string | null;
  /** The vendor as the list has it (undefined until the list holds it). */
  vendor: Vendor | undefined;
  /** Why the list could not be loaded. */
  error?: unknown;
  onClose: () => void;
}

/** Add Vendor / Edit Vendor (SPEC.md 5: name, category and phone required; rating 1 to 5). */
export function VendorDialog({ open, vendorId, vendor, error, onClose }: VendorDialogProps) {
  const createVendor = useCreateVendor();
  const updateVendor = useUpdateVendor();
  return (
    <EntityFormDialog<Vendor> open={open} onClose={onClose} titleId={TITLE_ID} id={vendorId} record={vendor} error={error} editTitle="Edit Vendor" noun="vendor">
      {(loaded, reload) => (
        <EntityForm<VendorFormValues, Vendor>
          titleId={TITLE_ID}
          title={loaded ? 'Edit Vendor' : 'Add Vendor'}
          initialValues={loaded ? toVendorFormValues(loaded) : NEW_VENDOR_VALUES}
          validate={vendorFormErrors}
          // Checked when a field is left and on submit: re-validating 23 fields on every keystroke
          // doubled the form's renders and made typing lag on slow machines.
          validateOnChange={false}
          save={(values) => {
            const input = toVendorInput(values);
            return loaded ? updateVendor.mutateAsync({ id: loaded.id, version: loaded.version, ...input }) : createVendor.mutateAsync(input);
          }}
          savedToast={(saved) => ({ title: loaded ? 'Vendor updated successfully!' : 'Vendor added successfully!', description: saved.name })}
          errorTitle={loaded ? 'Error updating vendor' : 'Error adding vendor'}
          submitLabel={loaded ? 'Save Changes' : 'Add Vendor'}
          submittingLabel={loaded ? 'Saving...' : 'Adding...'}
          fieldErrors={toFormFieldErrors}
          versioned={loaded ? { id: loaded.id, noun: 'vendor', labels: VENDOR_FIELD_LABELS, toValues: toVendorFormValues, onReload: reload } : undefined}
          onClose={onClose}
        >
          <FormField name="name" label="Vendor Name" required autoFocus autoComplete="off" />
          <FormField name="category" label="Category" kind="select" required options={CATEGORY_CHOICES} />
          <FormField name="specialization" label="Specialization" placeholder="e.g. Modular kitchens, teak" />
          <FormField name="status" label="Status" kind="select" size={{ xs: 6, sm: 3 }} options={STATUS_OPTIONS} />
          <FormField name="rating" label="Rating" kind="select" size={{ xs: 6, sm: 3 }} options={RATING_OPTIONS} />

          <FormSection title="Contact" />
          <FormField name="contactPerson" label="Contact Person" autoComplete="off" />
          <FormField name="phone" label="Phone" type="tel" required autoComplete="off" />
          <FormField name="alternatePhone" label="Alternate Phone" type="tel" autoComplete="off" />
          <FormField name="email" label="Email" type="email" autoComplete="off" />

          <FormSection title="Address" />
          <FormField name="address" label="Address" kind="multiline" size={12} />
          <FormField name="city" label="City" size={{ xs: 12, sm: 5 }} />
          <FormField name="state" label="State" size={{ xs: 7, sm: 4 }} />
          <FormField name="pincode" label="Pincode" kind="number" size={{ xs: 5, sm: 3 }} slotProps={{ htmlInput: { maxLength: 6 } }} />

          <FormSection title="Tax and payment" />
          <FormField
            name="gstNumber"
            label="GST Number"
            placeholder="36AABCU9603R1ZM"
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 15, autoCapitalize: 'characters', spellCheck: false } }}
          />
          <FormField
            name="panNumber"
            label="PAN Number"
            placeholder="AABCU9603R"
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 10, autoCapitalize: 'characters', spellCheck: false } }}
          />
          <FormField name="paymentTerms" label="Payment Terms" placeholder="e.g. 30 days from invoice date" />
          <FormField name="creditLimit" label="Credit Limit (₹)" kind="money" helperText="Blank means no limit set" />
          <FormField name="bankDetails" label="Bank Details" kind="multiline" size={12} placeholder="Account name, number, IFSC" />

          {/* Kept by the vendor's Finance transactions (the server ignores what a form sends), so shown, not edited. */}
          <FormSection title="Orders (from Finance)" />
          <FormDateField name="lastOrderDate" label="Last Order Date" size={{ xs: 12, sm: 4 }} disabled />
          <FormField name="totalOrders" label="Total Orders" kind="number" size={{ xs: 6, sm: 4 }} disabled />
          <FormField name="totalAmount" label="Total Amount (₹)" kind="money" size={{ xs: 6, sm: 4 }} disabled />

          <FormSection title="Documents and notes" />
          <FormField name="documents" label="Documents" kind="multiline" size={12} helperText="One link or file name per line" />
          <FormField name="notes" label="Notes" kind="multiline" rows={3} size={12} />
        </EntityForm>
      )}
    </EntityFormDialog>
  );
}
