/** The people module's entry (MODULES.md): departments and job roles so far. */
export { departments } from './departments-routes';
export { jobRoles } from './job-roles-routes';
export { allDepartments, ensureDepartments, seedDepartments } from './departments';
