import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { lazyPage, type LazyPage } from '../../lib/lazy-page';
import { isPortalPath } from '@app/shared-types/app-paths';
import { OtherAppRoute } from '../other-app-route';
import { HomePage } from './home-page';
import { SiteLayout } from './site-layout';

/**
 * The public website, at the root of the main host: the pages the server
 * renders (entry-server.tsx) and the browser hydrates (site-main.tsx) with the
 * declarative router, in a bundle holding neither the portal nor its data
 * router. Home is in the entry chunk; every other page is its own lazy chunk.
 */
export const siteRoutes: RouteObject[] = [
  {
    path: '/',
    Component: SiteLayout,
    children: [
      { index: true, Component: HomePage },
      { path: 'projects', Component: lazyPage(async () => (await import('./projects-page')).ProjectsPage) },
      { path: 'projects/:id', Component: lazyPage(async () => (await import('./project-detail-page')).ProjectDetailPage) },
      { path: 'services', Component: lazyPage(async () => (await import('./services-page')).ServicesPage) },
      { path: 'services/:slug', Component: lazyPage(async () => (await import('./service-detail-page')).ServiceDetailPage) },
      { path: 'blog', Component: lazyPage(async () => (await import('./blog-page')).BlogPage) },
      { path: 'blog/:slug', Component: lazyPage(async () => (await import('./blog-post-page')).BlogPostPage) },
      { path: 'calculator', Component: lazyPage(async () => (await import('./calculator-page')).CalculatorPage) },
      { path: 'contact', Component: lazyPage(async () => (await import('./contact-page')).ContactPage) },
      { path: '*', element: <OtherAppRoute isOtherApp={isPortalPath} /> },
    ],
  },
];

/** The website's routes, rendered in a BrowserRouter (site-main.tsx) or a StaticRouter (entry-server.tsx). */
export function SiteRoutes() {
  return useRoutes(siteRoutes);
}

/** The matched routes of `pathname` (the last one is the page; its path is '*' for an unknown path). */
export function matchSite(pathname: string) {
  return matchRoutes(siteRoutes, pathname) ?? [];
}

function isLazyPage(component: unknown): component is LazyPage {
  return typeof component === 'function' && 'preload' in component;
}

/** Loads the code of the pages `pathname` shows, so they render at once (no fallback): before the server renders and before the browser hydrates. */
export async function preloadSitePage(pathname: string): Promise<void> {
  await Promise.all(matchSite(pathname).map(({ route }) => (isLazyPage(route.Component) ? route.Component.preload() : undefined)));
}
