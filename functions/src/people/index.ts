// The people module's public entry: what other modules, the hosts and other packages use from it.
// Its HTTP routes are in ./routes (for the hosts), so that reaching a module's functions never loads route code.
import type { Kind } from '../db/kind';
import { holidayEntity } from './attendance-holidays';
import { attendanceDayKind, attendanceEntity, attendanceMonthKind } from './attendance-repo';
import { departmentEntity } from './departments';
import { employeeEmailKind, employeeEntity, employeeWithAssignmentsKind } from './employee-repo';
import { jobRoleEntity } from './job-roles';

export { BLANK_PROFILE, EmailTakenError, assignmentGuardWrite, clearLoginAttempts, clearLoginLock, createEmployee, employeeEntity, getEmployee, getEmployeeByEmail, listEmployees, newEmployeeRecord, normalizeEmail, passwordMinLength, recordSuccessfulLogin, toPublicUser, updatePasswordHash, type EmployeeItem } from './employee-repo';
export { allDepartments, departmentChoice, ensureDepartments, seedDepartments, upgradeEmployeeDepartments } from './departments';

/** Its stored kinds, for the catalog of every definition (functions/src/kinds.ts): read when called, so import order never matters. */
export const kinds = (): readonly Kind[] => [
  employeeEntity,
  employeeEmailKind,
  employeeWithAssignmentsKind,
  departmentEntity,
  jobRoleEntity,
  attendanceEntity,
  attendanceDayKind,
  attendanceMonthKind,
  holidayEntity,
];
