import * as yup from 'yup';
import { expectedVersion, multilineText, pageLimit, storedFields, text } from './forms';

/**
 * Departments and job roles: the departments and roles tables of SPEC.md 3.
 * "Job roles" (what a person does: Interior Designer, Site Supervisor) are not
 * the permission roles of auth.ts (employee, manager, admin, superadmin).
 * Names are unique ignoring case. An employee's `department` holds the
 * department's name (what employees, attendance copies and the department
 * counters already store); `jobRoleId` holds a job role's id.
 */

const isActive = () => yup.boolean().typeError('Active must be true or false').default(true);

const departmentFields = {
  name: text().required('Department name is required').max(100, 'Department name is too long (100 characters at most)'),
  description: multilineText().max(1000, 'Description is too long (1000 characters at most)').default(''),
  /** An employee id ('' = none). */
  headOfDepartment: text().max(100, 'Head of department is too long').default(''),
  isActive: isActive(),
};

export const departmentCreateSchema = yup.object(departmentFields);
export type DepartmentInput = yup.InferType<typeof departmentCreateSchema>;
export const departmentUpdateSchema = yup.object({ ...departmentFields, version: expectedVersion() });
export type DepartmentUpdateInput = yup.InferType<typeof departmentUpdateSchema>;
export const departmentSchema = yup.object({ ...departmentFields, ...storedFields });
export type DepartmentRecord = yup.InferType<typeof departmentSchema>;

/** GET /api/departments: by name; `active` keeps the active ones (the employee form's choices). */
export const departmentListQuerySchema = yup.object({
  active: yup.boolean().typeError('active must be true or false').optional(),
  limit: pageLimit(50),
  cursor: yup.string().max(2048).optional(),
});
export type DepartmentListQuery = yup.InferType<typeof departmentListQuerySchema>;

const jobRoleFields = {
  name: text().required('Job role name is required').max(100, 'Job role name is too long (100 characters at most)'),
  departmentId: text().required('Choose a department').max(100, 'Choose a department'),
  description: multilineText().max(1000, 'Description is too long (1000 characters at most)').default(''),
  responsibilities: multilineText().max(5000, 'Responsibilities are too long (5000 characters at most)').default(''),
  isActive: isActive(),
};

export const jobRoleCreateSchema = yup.object(jobRoleFields);
export type JobRoleInput = yup.InferType<typeof jobRoleCreateSchema>;
export const jobRoleUpdateSchema = yup.object({ ...jobRoleFields, version: expectedVersion() });
export type JobRoleUpdateInput = yup.InferType<typeof jobRoleUpdateSchema>;
export const jobRoleSchema = yup.object({ ...jobRoleFields, ...storedFields });
export type JobRoleRecord = yup.InferType<typeof jobRoleSchema>;

/** GET /api/job-roles: by name, all or one department's. */
export const jobRoleListQuerySchema = yup.object({
  departmentId: text().max(100).optional(),
  active: yup.boolean().typeError('active must be true or false').optional(),
  limit: pageLimit(50),
  cursor: yup.string().max(2048).optional(),
});
export type JobRoleListQuery = yup.InferType<typeof jobRoleListQuerySchema>;

export const DEPARTMENT_MESSAGES = {
  taken: 'A department with this name already exists',
  stale: 'Someone else changed this department. Reload it to see their changes.',
  notFound: 'Department not found',
  hasRoles: 'This department still has job roles. Move or delete them first, or mark the department inactive.',
  hasEmployees: 'Employees still belong to this department. Move them first, or mark the department inactive.',
  renameInUse: 'Employees belong to this department under its name. Move them first to rename it.',
} as const;

export const JOB_ROLE_MESSAGES = {
  taken: 'A job role with this name already exists',
  stale: 'Someone else changed this job role. Reload it to see their changes.',
  notFound: 'Job role not found',
  unknownDepartment: 'Choose a department from the list',
  hasEmployees: 'Employees still have this job role. Change their job role first, or mark it inactive.',
} as const;

/** Names are unique ignoring case and outer spaces. */
export const departmentNameKey = (name: string) => name.trim().toLowerCase();
