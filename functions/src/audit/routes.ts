// The audit module's HTTP routes, for the hosts that mount them (app.ts).
export { auditLog } from './audit-log-routes';
