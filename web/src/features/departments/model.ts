import { fieldMessages } from '@app/shared-types/forms';
import {
  departmentCreateSchema,
  jobRoleCreateSchema,
  type DepartmentInput,
  type DepartmentRecord,
  type JobRoleInput,
  type JobRoleRecord,
} from '@app/shared-types/departments';
import { ValidationError, type AnyObjectSchema } from 'yup';
import { ApiError } from '../../lib/api-client';

/** A stored department or job role as the API answers it (id, version and dates). */
export type Department = DepartmentRecord;
export type JobRole = JobRoleRecord;

export const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
] as const;

export interface DepartmentFormValues {
  name: string;
  description: string;
  headOfDepartment: string;
  isActive: 'true' | 'false';
}

export interface JobRoleFormValues {
  name: string;
  departmentId: string;
  description: string;
  responsibilities: string;
  isActive: 'true' | 'false';
}

export const NEW_DEPARTMENT_VALUES: DepartmentFormValues = { name: '', description: '', headOfDepartment: '', isActive: 'true' };

export function newJobRoleValues(departmentId: string): JobRoleFormValues {
  return { name: '', departmentId, description: '', responsibilities: '', isActive: 'true' };
}

export function toDepartmentFormValues(department: Department): DepartmentFormValues {
  return {
    name: department.name,
    description: department.description,
    headOfDepartment: department.headOfDepartment,
    isActive: department.isActive ? 'true' : 'false',
  };
}

export function toJobRoleFormValues(role: JobRole): JobRoleFormValues {
  return {
    name: role.name,
    departmentId: role.departmentId,
    description: role.description,
    responsibilities: role.responsibilities,
    isActive: role.isActive ? 'true' : 'false',
  };
}

export const DEPARTMENT_FIELD_LABELS: Record<keyof DepartmentFormValues, string> = {
  name: 'Department name',
  description: 'Description',
  headOfDepartment: 'Head of department',
  isActive: 'Status',
};

export const JOB_ROLE_FIELD_LABELS: Record<keyof JobRoleFormValues, string> = {
  name: 'Job role name',
  departmentId: 'Department',
  description: 'Description',
  responsibilities: 'Responsibilities',
  isActive: 'Status',
};

function inputOf<V extends { isActive: string }>(values: V) {
  return { ...values, isActive: values.isActive === 'true' };
}

function errorsBy(schema: AnyObjectSchema, values: { isActive: string }): Record<string, string> {
  try {
    schema.validateSync(inputOf(values), { abortEarly: false });
    return {};
  } catch (error) {
    if (error instanceof ValidationError) return fieldMessages(error);
    throw error;
  }
}

/** The form's errors by the schema the server validates with ({} when valid). */
export const departmentFormErrors = (values: DepartmentFormValues) => errorsBy(departmentCreateSchema, values);
export const jobRoleFormErrors = (values: JobRoleFormValues) => errorsBy(jobRoleCreateSchema, values);

/** The POST/PUT body, cleaned by the schema the server validates with. */
export function toDepartmentInput(values: DepartmentFormValues): DepartmentInput {
  return departmentCreateSchema.validateSync(inputOf(values), { stripUnknown: true });
}

export function toJobRoleInput(values: JobRoleFormValues): JobRoleInput {
  return jobRoleCreateSchema.validateSync(inputOf(values), { stripUnknown: true });
}

/** A 409 that names a field (a taken name, a rename while employees belong): its messages by field; else undefined. */
export function conflictFieldErrors(error: unknown): Record<string, string> | undefined {
  if (error instanceof ApiError && error.status === 409 && error.body?.fields) return error.body.fields;
  return undefined;
}
