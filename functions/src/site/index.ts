// The site module's public entry: what other modules, the hosts and other packages use from it.
export { loadPageRenderer, pageRenderer, type PageRenderer } from './page-renderer';
export { pageRoutes } from './pages-routes';
export { seo } from './seo-routes';
export { site } from './site-routes';
