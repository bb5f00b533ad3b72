// The auth module's HTTP routes, for the hosts that mount them (app.ts).
export { auth } from './auth-routes';
export { passwordReset } from './password-reset-routes';
