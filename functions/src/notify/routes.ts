// The notify module's HTTP routes, for the hosts that mount them (app.ts).
export { notifications, testEmailRoute } from './notifications-routes';
