import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import { leadCreateSchema } from '@app/shared-types/leads';
import { Formik } from 'formik';
import { FormDialog } from '../../../components/form-dialog';
import { FormSelectField, FormShell, FormTextField, serverErrorsStatus } from '../../../components/form-fields';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useCreateLead } from '../api/create-lead';
import { isConflict, serverMessage } from '../../../lib/api-errors';
import {
  ADD_LEAD_INITIAL_VALUES,
  PROJECT_TYPE_OPTIONS,
  SALESPERSON_OPTIONS,
  SOURCE_OPTIONS,
  STATUS_OPTIONS,
  toLeadCreateInput,
} from '../model';

const ASSIGNEE_OPTIONS = [{ value: '', label: 'Unassigned' }, ...SALESPERSON_OPTIONS];
const PROJECT_TYPE_CHOICES = [{ value: '', label: 'Not sure yet' }, ...PROJECT_TYPE_OPTIONS];

/** The Add Lead dialog (SPEC.md 5): name and phone required, budget a whole number of rupees. */
export function AddLeadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { toast } = useToast();
  const createLead = useCreateLead();

  return (
    <FormDialog open={open} onClose={onClose} titleId="add-lead-title">
      <Formik
        initialValues={ADD_LEAD_INITIAL_VALUES}
        validationSchema={leadCreateSchema}
        onSubmit={async (values, { setStatus, resetForm }) => {
          setStatus(undefined);
          try {
            await createLead.mutateAsync(toLeadCreateInput(values));
            toast({ title: 'Lead added successfully', description: values.name.trim() });
            resetForm();
            onClose();
          } catch (error) {
            const fields = serverFieldErrors(error);
            if (fields) setStatus(serverErrorsStatus(fields));
            // A duplicate phone: say so under the phone field too.
            else if (isConflict(error) && error.body?.error) {
              setStatus(serverErrorsStatus({ phone: error.body.error }));
            }
            toast({ variant: 'destructive', title: 'Failed to add lead', description: serverMessage(error) });
          }
        }}
      >
        {({ isSubmitting }) => (
          <FormShell>
            <DialogTitle id="add-lead-title">Add Lead</DialogTitle>
            <DialogContent dividers>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormTextField name="name" label="Name" required autoFocus autoComplete="off" />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormTextField name="phone" label="Phone" type="tel" required autoComplete="off" />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormTextField name="email" label="Email" type="email" autoComplete="off" />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormSelectField name="source" label="Source" options={SOURCE_OPTIONS} />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormTextField
                    name="budget"
                    label="Budget (₹)"
                    inputMode="numeric"
                    placeholder="e.g. 500000"
                    helperText="Whole rupees; blank means 0"
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormSelectField name="projectType" label="Project Type" options={PROJECT_TYPE_CHOICES} />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormTextField name="location" label="Location" />
                </Grid>
                <Grid size={{ xs: 12, sm: 3 }}>
                  <FormSelectField name="assignedTo" label="Assigned To" options={ASSIGNEE_OPTIONS} />
                </Grid>
                <Grid size={{ xs: 12, sm: 3 }}>
                  <FormSelectField name="status" label="Status" options={STATUS_OPTIONS} />
                </Grid>
                <Grid size={12}>
                  <FormTextField name="requirements" label="Requirements" multiline minRows={3} />
                </Grid>
              </Grid>
            </DialogContent>
            <DialogActions sx={{ px: 3, py: 2 }}>
              <Button onClick={onClose} disabled={isSubmitting}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {isSubmitting ? 'Adding...' : 'Add Lead'}
              </Button>
            </DialogActions>
          </FormShell>
        )}
      </Formik>
    </FormDialog>
  );
}
