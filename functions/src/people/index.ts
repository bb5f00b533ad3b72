/** The people module's entry (MODULES.md): departments and job roles so far. */
export { departments } from './departments-routes';
export { jobRoles } from './job-roles-routes';
export { allDepartments, departmentChoice, ensureDepartments, seedDepartments, upgradeEmployeeDepartments } from './departments';
