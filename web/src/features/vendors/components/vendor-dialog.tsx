import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { STALE_VENDOR_MESSAGE, type Vendor } from '@app/shared-types/vendors';
import { useQueryClient } from '@tanstack/react-query';
import { Formik } from 'formik';
import { useState, type ReactNode } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { FormSelectField, FormShell, FormTextField, serverErrorsStatus } from '../../../components/form-fields';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useCreateVendor } from '../api/create-vendor';
import { isConflict, serverMessage } from '../../../lib/api-errors';
import { refreshVendorQueries } from '../api/refresh-vendor-queries';
import { useUpdateVendor } from '../api/update-vendor';
import {
  CATEGORY_OPTIONS,
  NEW_VENDOR_VALUES,
  RATING_OPTIONS,
  STATUS_OPTIONS,
  toFormFieldErrors,
  toVendorFormValues,
  toVendorInput,
  vendorFormErrors,
} from '../model';

const CATEGORY_CHOICES = [{ value: '', label: 'Choose a category' }, ...CATEGORY_OPTIONS];

function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Grid size={12}>
      <Typography variant="overline" component="h3" color="text.secondary" sx={{ display: 'block', mt: 1, lineHeight: 2 }}>
        {children}
      </Typography>
    </Grid>
  );
}

interface VendorFormProps {
  /** The vendor being edited; null adds a new one. */
  vendor: Vendor | null;
  onClose: () => void;
}

/** The form inside the dialog; remounted for each vendor version, so a reload shows the saved values. */
function VendorForm({ vendor, onClose }: VendorFormProps) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const createVendor = useCreateVendor();
  const updateVendor = useUpdateVendor();
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const editing = vendor !== null;

  /** Refetches the lists; the page then hands this dialog the vendor as saved now. */
  const reload = async () => {
    setReloading(true);
    try {
      await refreshVendorQueries(queryClient);
    } finally {
      setReloading(false);
      setStale(false);
    }
  };

  return (
    <Formik
      initialValues={vendor ? toVendorFormValues(vendor) : NEW_VENDOR_VALUES}
      validate={vendorFormErrors}
      // Checked when a field is left and on submit: re-validating 23 fields on every keystroke
      // doubled the form's renders and made typing lag on slow machines.
      validateOnChange={false}
      onSubmit={async (values, { setStatus }) => {
        setStatus(undefined);
        const input = toVendorInput(values);
        try {
          if (vendor) {
            await updateVendor.mutateAsync({ id: vendor.id, version: vendor.version, ...input });
            toast({ title: 'Vendor updated successfully!', description: input.name });
          } else {
            await createVendor.mutateAsync(input);
            toast({ title: 'Vendor added successfully!', description: input.name });
          }
          onClose();
        } catch (error) {
          const fields = serverFieldErrors(error);
          if (fields) setStatus(serverErrorsStatus(toFormFieldErrors(fields)));
          if (isConflict(error)) setStale(true);
          toast({
            variant: 'destructive',
            title: editing ? 'Error updating vendor' : 'Error adding vendor',
            description: serverMessage(error),
          });
        }
      }}
    >
      {({ isSubmitting }) => (
        <FormShell>
          <DialogTitle id="vendor-dialog-title">{editing ? 'Edit Vendor' : 'Add Vendor'}</DialogTitle>
          <DialogContent dividers>
            {stale && (
              <Alert
                severity="warning"
                sx={{ mb: 2 }}
                action={
                  <Button color="inherit" size="small" onClick={() => void reload()} disabled={reloading}>
                    Reload
                  </Button>
                }
              >
                {STALE_VENDOR_MESSAGE} Reloading replaces your edits with the saved vendor.
              </Alert>
            )}
            <Grid container spacing={2}>
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

              <SectionTitle>Contact</SectionTitle>
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

              <SectionTitle>Address</SectionTitle>
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

              <SectionTitle>Tax and payment</SectionTitle>
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

              <SectionTitle>Orders</SectionTitle>
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormTextField name="lastOrderDate" label="Last Order Date" type="date" slotProps={{ inputLabel: { shrink: true } }} />
              </Grid>
              <Grid size={{ xs: 6, sm: 4 }}>
                <FormTextField name="totalOrders" label="Total Orders" inputMode="numeric" />
              </Grid>
              <Grid size={{ xs: 6, sm: 4 }}>
                <FormTextField name="totalAmount" label="Total Amount (₹)" inputMode="decimal" />
              </Grid>

              <SectionTitle>Documents and notes</SectionTitle>
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
            </Grid>
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2 }}>
            <Button onClick={onClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={isSubmitting || stale}>
              {editing ? (isSubmitting ? 'Saving...' : 'Save Changes') : isSubmitting ? 'Adding...' : 'Add Vendor'}
            </Button>
          </DialogActions>
        </FormShell>
      )}
    </Formik>
  );
}

interface VendorDialogProps {
  open: boolean;
  /** The vendor to edit, as the list has it now; null adds a new one. */
  vendor: Vendor | null;
  onClose: () => void;
}

/** Add Vendor / Edit Vendor (SPEC.md 5: name, category and phone required; rating 1 to 5). */
export function VendorDialog({ open, vendor, onClose }: VendorDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} titleId="vendor-dialog-title">
      <VendorForm key={vendor ? `${vendor.id}:${vendor.version}` : 'new'} vendor={vendor} onClose={onClose} />
    </FormDialog>
  );
}
