import Grid from '@mui/material/Grid';
import type { Vendor } from '@app/shared-types/vendors';
import { EntityForm, EntityFormDialog, FormSection } from '../../../components/entity-form-dialog';
import { FormSelectField, FormTextField } from '../../../components/form-fields';
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
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField name="name" label="Vendor Name" required autoFocus autoComplete="off" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormSelectField name="category" label="Category" required options={CATEGORY_CHOICES} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField name="specialization" label="Specialization" placeholder="e.g. Modular kitchens, teak" />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <FormSelectField name="status" label="Status" options={STATUS_OPTIONS} />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <FormSelectField name="rating" label="Rating" options={RATING_OPTIONS} />
          </Grid>

          <FormSection title="Contact" />
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField name="contactPerson" label="Contact Person" autoComplete="off" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField name="phone" label="Phone" type="tel" required autoComplete="off" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField name="alternatePhone" label="Alternate Phone" type="tel" autoComplete="off" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField name="email" label="Email" type="email" autoComplete="off" />
          </Grid>

          <FormSection title="Address" />
          <Grid size={12}>
            <FormTextField name="address" label="Address" multiline minRows={2} />
          </Grid>
          <Grid size={{ xs: 12, sm: 5 }}>
            <FormTextField name="city" label="City" />
          </Grid>
          <Grid size={{ xs: 7, sm: 4 }}>
            <FormTextField name="state" label="State" />
          </Grid>
          <Grid size={{ xs: 5, sm: 3 }}>
            <FormTextField name="pincode" label="Pincode" inputMode="numeric" slotProps={{ htmlInput: { maxLength: 6 } }} />
          </Grid>

          <FormSection title="Tax and payment" />
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              name="gstNumber"
              label="GST Number"
              placeholder="36AABCU9603R1ZM"
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 15, autoCapitalize: 'characters', spellCheck: false } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              name="panNumber"
              label="PAN Number"
              placeholder="AABCU9603R"
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 10, autoCapitalize: 'characters', spellCheck: false } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField name="paymentTerms" label="Payment Terms" placeholder="e.g. 30 days from invoice date" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField name="creditLimit" label="Credit Limit (₹)" inputMode="decimal" helperText="Blank means no limit set" />
          </Grid>
          <Grid size={12}>
            <FormTextField name="bankDetails" label="Bank Details" multiline minRows={2} placeholder="Account name, number, IFSC" />
          </Grid>

          <FormSection title="Orders" />
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField name="lastOrderDate" label="Last Order Date" type="date" slotProps={{ inputLabel: { shrink: true } }} />
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <FormTextField name="totalOrders" label="Total Orders" inputMode="numeric" />
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <FormTextField name="totalAmount" label="Total Amount (₹)" inputMode="decimal" />
          </Grid>

          <FormSection title="Documents and notes" />
          <Grid size={12}>
            <FormTextField
              name="documents"
              label="Documents"
              multiline
              minRows={2}
              helperText="One link or file name per line"
            />
          </Grid>
          <Grid size={12}>
            <FormTextField name="notes" label="Notes" multiline minRows={3} />
          </Grid>
        </EntityForm>
      )}
    </EntityFormDialog>
  );
}
