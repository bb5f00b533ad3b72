// The finance module's HTTP routes, for the hosts that mount them (app.ts).
export { finance } from './finance-routes';
export { transactions } from './transactions-routes';
