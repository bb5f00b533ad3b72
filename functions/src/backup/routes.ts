// The backup module's HTTP routes, for the hosts that mount them (app.ts).
export { backups } from './backups-routes';
