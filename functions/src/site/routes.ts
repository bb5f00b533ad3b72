// The site module's HTTP routes, for the hosts that mount them (app.ts).
export { pageQueryRedirects, pageRoutes } from './pages-routes';
export { seo } from './seo-routes';
export { site } from './site-routes';
