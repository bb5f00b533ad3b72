// The people module's HTTP routes, for the hosts that mount them (app.ts).
export { attendance } from './attendance-routes';
export { employeePhotos } from './employee-photos-routes';
export { users } from './users-routes';
export { departments } from './departments-routes';
export { jobRoles } from './job-roles-routes';
export { sampleData } from './sample-data-routes';
