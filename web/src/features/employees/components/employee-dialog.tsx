import type { EmployeeRecord } from '@app/shared-types/employees';
import { AsyncPicker, type PickerSearch } from '../../../components/async-picker';
import { EntityForm, EntityFormDialog, FormSection } from '../../../components/entity-form-dialog';
import { FormField } from '../../../components/form-fields';
import { FormDateField } from '../../../components/form-date-field';
import type { SelectOption } from '../../../components/select-field';
import Grid from '@mui/material/Grid';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useField } from 'formik';
import { assignableRoles } from '../../../lib/roles';
import { useCreateEmployee } from '../api/create-employee';
import { useStaffDirectory } from '../api/get-staff-directory';
import { useUpdateEmployee } from '../api/update-employee';
import type { DirectoryEntry } from '@app/shared-types/employees';
import {
  EMPLOYEE_FIELD_LABELS,
  employeeFormErrors,
  managerChoices,
  managerLabel,
  NEW_EMPLOYEE_VALUES,
  ROLE_LABELS,
  STATUS_OPTIONS,
  toEmployeeCreateInput,
  toEmployeeFormValues,
  toEmployeeUpdateInput,
  toFormFieldErrors,
  type EmployeeFormValues,
} from '../model';
import { PiiFormField } from './pii-form-field';
import { ProfilePhotoFormField } from './profile-photo-field';

const TITLE_ID = 'employee-dialog-title';

/** 'No department', the active departments, and the one the employee is in should it be inactive now (so the select shows it). */
function departmentChoices(active: readonly SelectOption[], current: string): SelectOption[] {
  const choices = [{ value: '', label: 'No department' }, ...active];
  if (current && !active.some((option) => option.value === current)) choices.push({ value: current, label: `${current} (inactive)` });
  return choices;
}
/** Shown whatever Settings > Security says: the server answers its own minimum under the field if it is higher. */
const PASSWORD_HINT = 'At least 8 characters';

/** The reporting-manager search: the directory's managers, admins and superadmins matching what is typed. */
function useManagerSearch(q: string, enabled: boolean): PickerSearch<DirectoryEntry> {
  const directory = useStaffDirectory(enabled);
  return { data: directory.data ? { items: managerChoices(directory.data, q) } : undefined, isFetching: directory.isFetching };
}

interface EmployeeDialogProps {
  open: boolean;
  /** The employee to edit; null adds a new one. */
  employeeId: string | null;
  /** The employee as the app has it (undefined while it loads). */
  employee: EmployeeRecord | undefined;
  error?: unknown;
  /** Who is signed in: their role decides the role choices, and nobody changes their own role or status. */
  actor: { id: string; role: string };
  /** The name of a reporting manager by id ('' while unknown). */
  managerName: (id: string) => string;
  /** The active departments (value and label: the name, which an employee's department holds). */
  departmentOptions: readonly SelectOption[];
  onClose: () => void;
}

/** Add Employee / Edit Employee, in sections (SPEC.md 2, 3, 5; the shared schema's messages). */
export function EmployeeDialog({ open, employeeId, employee, error, actor, managerName, departmentOptions, onClose }: EmployeeDialogProps) {
  const createEmployee = useCreateEmployee();
  const updateEmployee = useUpdateEmployee();
  const toValues = (record: EmployeeRecord) => toEmployeeFormValues(record, managerName(record.reportingManager));
  return (
    <EntityFormDialog<EmployeeRecord>
      open={open}
      onClose={onClose}
      titleId={TITLE_ID}
      id={employeeId}
      record={employee}
      error={error}
      editTitle="Edit Employee"
      noun="employee"
    >
      {(loaded, reload) => {
        const self = loaded?.id === actor.id;
        const roles = assignableRoles(actor.role);
        // The role the record has stays a choice, so the select never shows a value outside its list.
        if (loaded && !roles.includes(loaded.role)) roles.push(loaded.role);
        const roleOptions = roles.map((value) => ({ value, label: ROLE_LABELS[value] }));
        return (
          <EntityForm<EmployeeFormValues, EmployeeRecord>
            titleId={TITLE_ID}
            title={loaded ? 'Edit Employee' : 'Add Employee'}
            initialValues={loaded ? toValues(loaded) : NEW_EMPLOYEE_VALUES}
            validate={(values) => employeeFormErrors(values, loaded !== null)}
            validateOnChange={false}
            save={(values) =>
              loaded
                ? updateEmployee.mutateAsync({ id: loaded.id, version: loaded.version, ...toEmployeeUpdateInput(values) })
                : createEmployee.mutateAsync(toEmployeeCreateInput(values))
            }
            savedToast={(saved) => ({ title: loaded ? 'Employee updated successfully!' : 'Employee added successfully!', description: saved.name })}
            errorTitle={loaded ? 'Error updating employee' : 'Error adding employee'}
            submitLabel={loaded ? 'Save Changes' : 'Add Employee'}
            submittingLabel={loaded ? 'Saving...' : 'Adding...'}
            fieldErrors={toFormFieldErrors}
            versioned={loaded ? { id: loaded.id, noun: 'employee', labels: EMPLOYEE_FIELD_LABELS, toValues, onReload: reload } : undefined}
            onClose={onClose}
          >
            <FormSection title="Account" />
            <ProfilePhotoFormField employee={loaded} onSaved={reload} />
            <FormField name="name" label="Full Name" required autoFocus autoComplete="off" />
            <FormField name="email" label="Email" type="email" required autoComplete="off" />
            <FormField
              name="role"
              label="Role"
              kind="select"
              size={{ xs: 6, sm: 3 }}
              options={roleOptions}
              disabled={self}
              helperText={self ? 'You cannot change your own role' : undefined}
            />
            <FormField
              name="status"
              label="Status"
              kind="select"
              size={{ xs: 6, sm: 3 }}
              options={STATUS_OPTIONS}
              disabled={self}
              helperText={self ? 'You cannot change your own status' : undefined}
            />
            <FormField
              name="password"
              label="Password"
              type="password"
              required={!loaded}
              autoComplete="new-password"
              helperText={loaded ? `Leave blank to keep the current password. A new one: ${PASSWORD_HINT.toLowerCase()}` : PASSWORD_HINT}
            />

            <FormSection title="Work" />
            <FormField name="department" label="Department" kind="select" options={departmentChoices(departmentOptions, loaded?.department ?? '')} />
            <FormField name="position" label="Position" placeholder="e.g. Senior Designer" autoComplete="off" />
            <Grid size={{ xs: 12, sm: 6 }}>
              <AsyncPicker<DirectoryEntry>
                name="reportingManager"
                labelName="reportingManagerLabel"
                label="Reporting Manager"
                placeholder="None"
                shrinkLabel
                noun="managers"
                useSearch={useManagerSearch}
                optionLabel={managerLabel}
                noMatchText="No manager, admin or superadmin matches"
                emptyText="No managers, admins or superadmins yet"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TakesLeadsSwitch />
            </Grid>
            <FormDateField name="hireDate" label="Hire Date" size={{ xs: 12, sm: 3 }} />
            <FormField name="salary" label="Monthly Salary (₹)" kind="money" size={{ xs: 12, sm: 3 }} />

            <FormSection title="Contact" />
            <FormField name="phone" label="Phone" type="tel" autoComplete="off" placeholder="98765 43210" />
            <FormField name="emergencyContact" label="Emergency Contact" placeholder="Name and phone" autoComplete="off" />
            <FormField name="address" label="Address" kind="multiline" size={12} />
            <FormField name="skills" label="Skills" size={12} placeholder="e.g. AutoCAD, SketchUp, site supervision" />

            <FormSection title="Bank & identity" />
            <PiiFormField field="bankAccountNumber" placeholder="9 to 18 digits" maxLength={24} inputMode="numeric" />
            <FormField
              name="bankIfscCode"
              label="IFSC Code"
              placeholder="HDFC0001234"
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 11, autoCapitalize: 'characters', spellCheck: false } }}
            />
            <PiiFormField field="panNumber" placeholder="ABCDE1234F" maxLength={10} />
            <PiiFormField field="aadharNumber" placeholder="2345 6789 0123" maxLength={14} inputMode="numeric" />
          </EntityForm>
        );
      }}
    </EntityFormDialog>
  );
}

/** Speed-to-lead (issue 26): new leads are assigned in turn among the active employees who take leads. */
function TakesLeadsSwitch() {
  const [field, , helpers] = useField<boolean>('takesLeads');
  return (
    <>
      <FormControlLabel
        control={<Switch name="takesLeads" checked={Boolean(field.value)} onChange={(event) => void helpers.setValue(event.target.checked)} />}
        label="Takes leads"
      />
      <FormHelperText>New leads are assigned in turn among active employees who take leads</FormHelperText>
    </>
  );
}
