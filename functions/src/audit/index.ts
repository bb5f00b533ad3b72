// The audit module's public entry: what other modules, the hosts and other packages use from it.
export { auditLog } from './audit-log-routes';
