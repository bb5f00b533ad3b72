// The auth module's HTTP routes, for the hosts that mount them (app.ts).
export { auth } from './auth-routes';
