import type { RouteObject } from 'react-router';
import { HomePage } from './home-page';
import { RouteErrorPage } from './route-error-page';
import { RouteFallback } from './route-fallback';
import { SiteLayout } from './site-layout';

/**
 * The public website, at the root of the main host. Its own module so the
 * server renderer (entry-server.tsx) takes these routes without the portal's.
 */
export const siteRoute: RouteObject = {
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
    // The client's quotation link (PRODUCT.md): no sign-in, not indexed, no portal code.
    { path: 'q/:token', lazy: async () => ({ Component: (await import('./quote-link-page')).QuoteLinkPage }) },
    { path: '*', lazy: async () => ({ Component: (await import('./not-found-page')).NotFoundPage }) },
  ],
};
