// The leads module's HTTP routes, for the hosts that mount them (app.ts).
export { leads } from './leads-routes';
export { calculator, contact, formToken } from './public-forms-routes';
