import Grid from '@mui/material/Grid';
import { leadCreateSchema } from '@app/shared-types/leads';
import { EntityForm } from '../../../components/entity-form-dialog';
import { FormDialog } from '../../../components/form-dialog';
import { FormSelectField, FormTextField, serverErrorsStatus } from '../../../components/form-fields';
import { isConflict } from '../../../lib/api-errors';
import { useCreateLead } from '../api/create-lead';
import {
  ADD_LEAD_INITIAL_VALUES,
  PROJECT_TYPE_OPTIONS,
  SALESPERSON_OPTIONS,
  SOURCE_OPTIONS,
  STATUS_OPTIONS,
  toLeadCreateInput,
} from '../model';

const TITLE_ID = 'add-lead-title';
const ASSIGNEE_OPTIONS = [{ value: '', label: 'Unassigned' }, ...SALESPERSON_OPTIONS];
const PROJECT_TYPE_CHOICES = [{ value: '', label: 'Not sure yet' }, ...PROJECT_TYPE_OPTIONS];

/** The Add Lead dialog (SPEC.md 5): name and phone required, budget a whole number of rupees. */
export function AddLeadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const createLead = useCreateLead();
  return (
    <FormDialog open={open} onClose={onClose} titleId={TITLE_ID}>
      <EntityForm
        titleId={TITLE_ID}
        title="Add Lead"
        initialValues={ADD_LEAD_INITIAL_VALUES}
        validationSchema={leadCreateSchema}
        save={(values) => createLead.mutateAsync(toLeadCreateInput(values))}
        savedToast={(_saved, values) => ({ title: 'Lead added successfully', description: values.name.trim() })}
        errorTitle="Failed to add lead"
        submitLabel="Add Lead"
        submittingLabel="Adding..."
        // A duplicate phone: say so under the phone field too.
        onFailed={(error, { setStatus }) => {
          if (isConflict(error) && error.body?.error) setStatus(serverErrorsStatus({ phone: error.body.error }));
        }}
        onClose={onClose}
      >
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
      </EntityForm>
    </FormDialog>
  );
}
