import type { NonIndexRouteObject } from 'react-router';
import { HomePage } from './home-page';
import { RouteErrorPage } from './route-error-page';
import { RouteFallback } from './route-fallback';
import { SiteLayout } from './site-layout';

/**
 * The public website, at the root of the main host: the pages the server
 * renders (entry-server.tsx), in a module of their own so its bundle holds
 * neither the portal nor the client's quotation link (router.tsx adds that).
 */
export const siteRoute: NonIndexRouteObject = {
  path: '/',
  Component: SiteLayout,
  ErrorBoundary: RouteErrorPage,
  HydrateFallback: RouteFallback,
  children: [
    { index: true, Component: HomePage },
    { path: 'projects', lazy: async () => ({ Component: (await import('./projects-page')).ProjectsPage }) },
    {
      path: 'projects/:id',
      lazy: async () => ({ Component: (await import('./project-detail-page')).ProjectDetailPage }),
    },
    { path: 'services', lazy: async () => ({ Component: (await import('./services-page')).ServicesPage }) },
    {
      path: 'services/:slug',
      lazy: async () => ({ Component: (await import('./service-detail-page')).ServiceDetailPage }),
    },
    { path: 'blog', lazy: async () => ({ Component: (await import('./blog-page')).BlogPage }) },
    { path: 'blog/:slug', lazy: async () => ({ Component: (await import('./blog-post-page')).BlogPostPage }) },
    {
      path: 'calculator',
      lazy: async () => ({ Component: (await import('./calculator-page')).CalculatorPage }),
    },
    { path: 'contact', lazy: async () => ({ Component: (await import('./contact-page')).ContactPage }) },
    { path: '*', lazy: async () => ({ Component: (await import('./not-found-page')).NotFoundPage }) },
  ],
};
