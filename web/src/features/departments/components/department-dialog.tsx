import { EntityForm, EntityFormDialog } from '../../../components/entity-form-dialog';
import { FormField, serverErrorsStatus } from '../../../components/form-fields';
import type { SelectOption } from '../../../components/select-field';
import { useCreateDepartment, useUpdateDepartment } from '../api/save-department';
import {
  ACTIVE_OPTIONS,
  DEPARTMENT_FIELD_LABELS,
  NEW_DEPARTMENT_VALUES,
  conflictFieldErrors,
  departmentFormErrors,
  toDepartmentFormValues,
  toDepartmentInput,
  type Department,
  type DepartmentFormValues,
} from '../model';

const TITLE_ID = 'department-dialog-title';

interface DepartmentDialogProps {
  open: boolean;
  /** The department to edit; null adds one. */
  departmentId: string | null;
  department: Department | undefined;
  error?: unknown;
  /** The staff who may head it (value: employee id). */
  staffOptions: readonly SelectOption[];
  onClose: () => void;
}

/** Add Department / Edit Department (SPEC.md 3): a unique name, a description, the head, active or not. */
export function DepartmentDialog({ open, departmentId, department, error, staffOptions, onClose }: DepartmentDialogProps) {
  const create = useCreateDepartment();
  const update = useUpdateDepartment();
  const headChoices = [{ value: '', label: 'No head of department' }, ...staffOptions];
  return (
    <EntityFormDialog<Department>
      open={open}
      onClose={onClose}
      titleId={TITLE_ID}
      id={departmentId}
      record={department}
      error={error}
      editTitle="Edit Department"
      noun="department"
    >
      {(loaded, reload) => (
        <EntityForm<DepartmentFormValues, Department>
          titleId={TITLE_ID}
          title={loaded ? 'Edit Department' : 'Add Department'}
          initialValues={loaded ? toDepartmentFormValues(loaded) : NEW_DEPARTMENT_VALUES}
          validate={departmentFormErrors}
          save={(values) => {
            const input = toDepartmentInput(values);
            return loaded ? update.mutateAsync({ id: loaded.id, version: loaded.version, ...input }) : create.mutateAsync(input);
          }}
          savedToast={(saved) => ({ title: loaded ? 'Department updated successfully!' : 'Department added successfully!', description: saved.name })}
          errorTitle={loaded ? 'Error updating department' : 'Error adding department'}
          submitLabel={loaded ? 'Save Changes' : 'Add Department'}
          submittingLabel={loaded ? 'Saving...' : 'Adding...'}
          onFailed={(failure, helpers) => {
            const fields = conflictFieldErrors(failure);
            if (fields) helpers.setStatus(serverErrorsStatus(fields));
          }}
          versioned={
            loaded ? { id: loaded.id, noun: 'department', labels: DEPARTMENT_FIELD_LABELS, toValues: toDepartmentFormValues, onReload: reload } : undefined
          }
          onClose={onClose}
        >
          <FormField name="name" label="Department Name" required autoFocus autoComplete="off" />
          <FormField name="isActive" label="Status" kind="select" options={ACTIVE_OPTIONS} />
          <FormField name="headOfDepartment" label="Head of Department" kind="select" size={12} options={headChoices} />
          <FormField name="description" label="Description" kind="multiline" rows={3} size={12} />
        </EntityForm>
      )}
    </EntityFormDialog>
  );
}
