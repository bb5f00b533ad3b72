// The settings module's HTTP routes, for the hosts that mount them (app.ts).
export { settings } from './settings-routes';
