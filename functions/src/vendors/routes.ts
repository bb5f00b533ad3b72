// The vendors module's HTTP routes, for the hosts that mount them (app.ts).
export { vendors } from './vendors-routes';
