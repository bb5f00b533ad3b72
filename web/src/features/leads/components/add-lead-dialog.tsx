import { leadCreateSchema } from '@app/shared-types/leads';
import { EntityForm } from '../../../components/entity-form-dialog';
import { FormDialog } from '../../../components/form-dialog';
import { FormField, serverErrorsStatus } from '../../../components/form-fields';
import { isConflict } from '../../../lib/api-errors';
import { useCreateLead } from '../api/create-lead';
import { useAssignees } from '../api/get-assignees';
import {
  ADD_LEAD_INITIAL_VALUES,
  PROJECT_TYPE_OPTIONS,
  SOURCE_OPTIONS,
  STATUS_OPTIONS,
  toLeadCreateInput,
} from '../model';

const TITLE_ID = 'add-lead-title';
const PROJECT_TYPE_CHOICES = [{ value: '', label: 'Not sure yet' }, ...PROJECT_TYPE_OPTIONS];

/** The Add Lead dialog (SPEC.md 5): name and phone required, budget a whole number of rupees. */
export function AddLeadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const createLead = useCreateLead();
  const assignees = [{ value: '', label: 'Unassigned' }, ...useAssignees()];
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
          <FormField name="name" label="Name" required autoFocus autoComplete="off" />
          <FormField name="phone" label="Phone" type="tel" required autoComplete="off" />
          <FormField name="email" label="Email" type="email" autoComplete="off" />
          <FormField name="source" label="Source" kind="select" options={SOURCE_OPTIONS} />
          <FormField name="budget" label="Budget (₹)" kind="number" placeholder="e.g. 500000" helperText="Whole rupees; blank means 0" />
          <FormField name="projectType" label="Project Type" kind="select" options={PROJECT_TYPE_CHOICES} />
          <FormField name="location" label="Location" />
          <FormField name="assignedTo" label="Assigned To" kind="select" size={{ xs: 12, sm: 3 }} options={assignees} />
          <FormField name="status" label="Status" kind="select" size={{ xs: 12, sm: 3 }} options={STATUS_OPTIONS} />
          <FormField name="requirements" label="Requirements" kind="multiline" rows={3} size={12} />
      </EntityForm>
    </FormDialog>
  );
}
