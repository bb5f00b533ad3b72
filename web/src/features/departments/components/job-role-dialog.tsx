import { EntityForm, EntityFormDialog } from '../../../components/entity-form-dialog';
import { FormField, serverErrorsStatus } from '../../../components/form-fields';
import type { SelectOption } from '../../../components/select-field';
import { useCreateJobRole, useUpdateJobRole } from '../api/save-job-role';
import {
  ACTIVE_OPTIONS,
  JOB_ROLE_FIELD_LABELS,
  conflictFieldErrors,
  jobRoleFormErrors,
  newJobRoleValues,
  toJobRoleFormValues,
  toJobRoleInput,
  type JobRole,
  type JobRoleFormValues,
} from '../model';

const TITLE_ID = 'job-role-dialog-title';

interface JobRoleDialogProps {
  open: boolean;
  /** The job role to edit; null adds one. */
  jobRoleId: string | null;
  jobRole: JobRole | undefined;
  error?: unknown;
  /** The departments a role may belong to (value: department id). */
  departmentOptions: readonly SelectOption[];
  /** The department a new role starts in (the list's filter). */
  defaultDepartmentId: string;
  onClose: () => void;
}

/** Add Job Role / Edit Job Role: what a person does in a department (not a permission role). */
export function JobRoleDialog({ open, jobRoleId, jobRole, error, departmentOptions, defaultDepartmentId, onClose }: JobRoleDialogProps) {
  const create = useCreateJobRole();
  const update = useUpdateJobRole();
  const departmentChoices = [{ value: '', label: 'Choose a department' }, ...departmentOptions];
  return (
    <EntityFormDialog<JobRole> open={open} onClose={onClose} titleId={TITLE_ID} id={jobRoleId} record={jobRole} error={error} editTitle="Edit Job Role" noun="job role">
      {(loaded, reload) => (
        <EntityForm<JobRoleFormValues, JobRole>
          titleId={TITLE_ID}
          title={loaded ? 'Edit Job Role' : 'Add Job Role'}
          initialValues={loaded ? toJobRoleFormValues(loaded) : newJobRoleValues(defaultDepartmentId)}
          validate={jobRoleFormErrors}
          save={(values) => {
            const input = toJobRoleInput(values);
            return loaded ? update.mutateAsync({ id: loaded.id, version: loaded.version, ...input }) : create.mutateAsync(input);
          }}
          savedToast={(saved) => ({ title: loaded ? 'Job role updated successfully!' : 'Job role added successfully!', description: saved.name })}
          errorTitle={loaded ? 'Error updating job role' : 'Error adding job role'}
          submitLabel={loaded ? 'Save Changes' : 'Add Job Role'}
          submittingLabel={loaded ? 'Saving...' : 'Adding...'}
          onFailed={(failure, helpers) => {
            const fields = conflictFieldErrors(failure);
            if (fields) helpers.setStatus(serverErrorsStatus(fields));
          }}
          versioned={loaded ? { id: loaded.id, noun: 'job role', labels: JOB_ROLE_FIELD_LABELS, toValues: toJobRoleFormValues, onReload: reload } : undefined}
          onClose={onClose}
        >
          <FormField name="name" label="Job Role Name" required autoFocus autoComplete="off" />
          <FormField name="departmentId" label="Department" kind="select" required options={departmentChoices} />
          <FormField name="isActive" label="Status" kind="select" options={ACTIVE_OPTIONS} />
          <FormField name="description" label="Description" kind="multiline" size={12} />
          <FormField name="responsibilities" label="Responsibilities" kind="multiline" rows={3} size={12} />
        </EntityForm>
      )}
    </EntityFormDialog>
  );
}
