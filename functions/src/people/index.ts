// The people module's public entry: what other modules, the hosts and other packages use from it.
// Its HTTP routes are in ./routes (for the hosts), so that reaching a module's functions never loads route code.
export { BLANK_PROFILE, EmailTakenError, assignmentGuardWrite, clearLoginAttempts, createEmployee, employeeEntity, getEmployee, getEmployeeByEmail, listEmployees, newEmployeeRecord, normalizeEmail, passwordMinLength, recordSuccessfulLogin, toPublicUser, updatePasswordHash, type EmployeeItem } from './employee-repo';
export { allDepartments, departmentChoice, ensureDepartments, seedDepartments, upgradeEmployeeDepartments } from './departments';
