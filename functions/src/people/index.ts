// The people module's public entry: what other modules, the hosts and other packages use from it.
export { attendance } from './attendance-routes';
export { employeePhotos } from './employee-photos-routes';
export { BLANK_PROFILE, EmailTakenError, assignmentGuard, createEmployee, employeeEntity, getEmployee, getEmployeeByEmail, listEmployees, newEmployeeRecord, normalizeEmail, passwordMinLength, recordSuccessfulLogin, toPublicUser, updatePasswordHash, type EmployeeItem } from './employee-repo';
export { users } from './users-routes';
