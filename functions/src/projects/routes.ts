// The projects module's HTTP routes, for the hosts that mount them (app.ts).
export { projects } from './projects-routes';
