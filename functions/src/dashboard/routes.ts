// The dashboard module's HTTP routes, for the hosts that mount them (app.ts).
export { dashboard } from './dashboard-routes';
