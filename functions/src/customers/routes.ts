// The customers module's HTTP routes, for the hosts that mount them (app.ts).
export { customers } from './customers-routes';
