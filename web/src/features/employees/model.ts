import type { ChipProps } from '@mui/material/Chip';
import { EMPLOYEE_STATUSES, ROLES, type EmployeeStatus, type Role } from '@app/shared-types/auth';
import {
  DEPARTMENTS,
  employeeCreateSchema,
  employeeUpdateSchema,
  isMaskedForm,
  MANAGER_ROLES,
  PII_FIELDS,
  type Department,
  type DirectoryEntry,
  type EmployeeCreateInput,
  type EmployeeRecord,
  type EmployeeUpdateInput,
  type PiiField,
} from '@app/shared-types/employees';
import { fieldMessages, formValuesOf, type FormValues } from '@app/shared-types/forms';
import { ValidationError } from 'yup';
import { pickOption, searchParam } from '../../lib/url-params';
import { ROLE_COLORS, ROLE_LABELS } from '../../lib/roles';

/** Pure rules of the Employee Management screen: filters in the URL, labels, badges and form values. */

export const EMPLOYEE_PAGE_SIZE = 24;

/** The list filters, as kept in the URL's search parameters. */
export interface EmployeeFilters {
  q: string;
  department: Department | '';
  role: Role | '';
  status: EmployeeStatus | '';
}

export const EMPLOYEE_FILTER_PARAMS = ['q', 'department', 'role', 'status'] as const;
export type EmployeeFilterParam = (typeof EMPLOYEE_FILTER_PARAMS)[number];

/** Reads the filters from the URL; unknown values are dropped, as if not set. */
export function parseEmployeeFilters(params: URLSearchParams): EmployeeFilters {
  return {
    q: searchParam(params),
    department: pickOption(DEPARTMENTS, params.get('department')),
    role: pickOption(ROLES, params.get('role')),
    status: pickOption(EMPLOYEE_STATUSES, params.get('status')),
  };
}

/** The role labels and SPEC.md 6 colours live in lib/roles.ts (the header and the employee cards share them). */
export { ROLE_COLORS, ROLE_LABELS };

export const STATUS_LABELS: Record<EmployeeStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  on_leave: 'On Leave',
  terminated: 'Terminated',
};

/** Status chips: active green, on leave amber, inactive grey, terminated red. */
export const STATUS_COLORS: Record<EmployeeStatus, ChipProps['color']> = {
  active: 'success',
  on_leave: 'warning',
  inactive: 'default',
  terminated: 'error',
};

export const DEPARTMENT_OPTIONS = DEPARTMENTS.map((value) => ({ value, label: value }));
export const ROLE_OPTIONS = ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));
export const STATUS_OPTIONS = EMPLOYEE_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

export const PII_LABELS: Record<PiiField, string> = {
  aadharNumber: 'Aadhaar Number',
  panNumber: 'PAN Number',
  bankAccountNumber: 'Bank Account Number',
};

/** Up to two initials of a name, for the photo's stand-in ('Asha Rao' -> 'AR'). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words.slice(0, 1);
  return letters.map((word) => word[0]!.toUpperCase()).join('') || '?';
}

/** Whether someone may be chosen as a reporting manager (SPEC.md 5). */
export const isManagerRole = (role: Role) => (MANAGER_ROLES as readonly Role[]).includes(role);

/** The reporting-manager choices among the directory, matching what is typed (name, department or position; every word). */
export function managerChoices(entries: readonly DirectoryEntry[], typed: string, exceptId?: string): DirectoryEntry[] {
  const words = typed.toLowerCase().split(/\s+/).filter(Boolean);
  return entries.filter((entry) => {
    if (!isManagerRole(entry.role) || entry.id === exceptId) return false;
    const text = `${entry.name} ${entry.department} ${entry.position}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

export const managerLabel = (entry: Pick<DirectoryEntry, 'name' | 'role'>) => `${entry.name} (${ROLE_LABELS[entry.role]})`;

// ---------------------------------------------------------------------------
// The add/edit form

/** Every value as the inputs hold it, plus the chosen manager's label (shown, not sent) and, per personal-data field, whether it is being replaced. */
export type EmployeeFormValues = FormValues<EmployeeCreateInput> & {
  reportingManagerLabel: string;
  replacing: Record<PiiField, boolean>;
};

export const NEW_EMPLOYEE_VALUES: EmployeeFormValues = {
  ...formValuesOf(employeeCreateSchema),
  reportingManagerLabel: '',
  // Nothing stored yet: the inputs are plain inputs.
  replacing: { aadharNumber: true, panNumber: true, bankAccountNumber: true },
};

/** The form of a saved employee: the password blank (kept), personal data as the masked values the server sent. */
export function toEmployeeFormValues(employee: EmployeeRecord, managerName = ''): EmployeeFormValues {
  return {
    ...formValuesOf(employeeCreateSchema, { ...employee, password: '' }),
    reportingManagerLabel: employee.reportingManager ? managerName || 'Current manager' : '',
    // A field with nothing stored has nothing to keep: it is typed in as on a new employee.
    replacing: Object.fromEntries(PII_FIELDS.map((field) => [field, !employee[field]])) as Record<PiiField, boolean>,
  };
}

/** A personal-data field left as the masked value shown: the server keeps what it has. */
export const keepsStored = (values: EmployeeFormValues, field: PiiField) => !values.replacing[field] && isMaskedForm(field, values[field]);

/** The body fields of the form, before the schema cleans them: personal data left masked is not sent. */
function inputShapeOf(values: EmployeeFormValues) {
  const { reportingManagerLabel: _label, replacing: _replacing, ...rest } = values;
  const shape: Record<string, unknown> = { ...rest };
  for (const field of PII_FIELDS) if (keepsStored(values, field)) delete shape[field];
  return shape;
}

/** What an edit validates against: the update schema without the version (the dialog adds it). */
const editSchema = employeeUpdateSchema.omit(['version']);

/** Messages keyed by form field, one per field. */
export function toFormFieldErrors(fields: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) errors[path.replace(/[.[].*$/, '')] ??= message;
  return errors;
}

/** The form's errors by the schema the server validates with ({} when valid); `editing` leaves the password optional. */
export function employeeFormErrors(values: EmployeeFormValues, editing: boolean): Record<string, string> {
  try {
    (editing ? editSchema : employeeCreateSchema).validateSync(inputShapeOf(values), { abortEarly: false, stripUnknown: true });
    return {};
  } catch (error) {
    if (error instanceof ValidationError) return toFormFieldErrors(fieldMessages(error));
    throw error;
  }
}

/** The POST body, cleaned by the shared schema (email lower case, PAN upper case, salary a number or null). */
export function toEmployeeCreateInput(values: EmployeeFormValues): EmployeeCreateInput {
  return employeeCreateSchema.validateSync(inputShapeOf(values), { stripUnknown: true });
}

/** The PUT body without the version: a blank password and personal data left masked are left out (kept). */
export function toEmployeeUpdateInput(values: EmployeeFormValues): Omit<EmployeeUpdateInput, 'version'> {
  const input = editSchema.validateSync(inputShapeOf(values), { stripUnknown: true });
  const body: Record<string, unknown> = { ...input };
  for (const name of ['password', ...PII_FIELDS]) if (body[name] === undefined) delete body[name];
  return body as Omit<EmployeeUpdateInput, 'version'>;
}

/** The form's fields, as labelled, for the changes a stale save shows (never the password). */
export const EMPLOYEE_FIELD_LABELS: Record<string, string> = {
  name: 'Full Name',
  email: 'Email',
  role: 'Role',
  status: 'Status',
  department: 'Department',
  position: 'Position',
  reportingManagerLabel: 'Reporting Manager',
  hireDate: 'Hire Date',
  salary: 'Monthly Salary (₹)',
  phone: 'Phone',
  address: 'Address',
  emergencyContact: 'Emergency Contact',
  skills: 'Skills',
  bankAccountNumber: 'Bank Account Number',
  bankIfscCode: 'IFSC Code',
  panNumber: 'PAN Number',
  aadharNumber: 'Aadhaar Number',
};
