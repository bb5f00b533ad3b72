// The campaigns module's HTTP routes, for the hosts that mount them (app.ts).
export { campaigns } from './campaigns-routes';
