import { createBrowserRouter, type RouteObject } from 'react-router';
import { HomePage } from './site/home-page';
import { RouteErrorPage } from './site/route-error-page';
import { SiteLayout } from './site/site-layout';
import { RouteFallback } from './site/route-fallback';

/**
 * The app's routes. Home is in the entry chunk; every other page is its own
 * lazy chunk, and the admin portal is a separate chunk public pages never load.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: SiteLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: RouteFallback,
    children: [
      { index: true, Component: HomePage },
      { path: 'projects', lazy: async () => ({ Component: (await import('./site/projects-page')).ProjectsPage }) },
      {
        path: 'projects/:id',
        lazy: async () => ({ Component: (await import('./site/project-detail-page')).ProjectDetailPage }),
      },
      { path: 'services', lazy: async () => ({ Component: (await import('./site/services-page')).ServicesPage }) },
      {
        path: 'services/:slug',
        lazy: async () => ({ Component: (await import('./site/service-detail-page')).ServiceDetailPage }),
      },
      { path: 'blog', lazy: async () => ({ Component: (await import('./site/blog-page')).BlogPage }) },
      { path: 'blog/:slug', lazy: async () => ({ Component: (await import('./site/blog-post-page')).BlogPostPage }) },
      {
        path: 'calculator',
        lazy: async () => ({ Component: (await import('./site/calculator-page')).CalculatorPage }),
      },
      { path: 'contact', lazy: async () => ({ Component: (await import('./site/contact-page')).ContactPage }) },
      { path: '*', lazy: async () => ({ Component: (await import('./site/not-found-page')).NotFoundPage }) },
    ],
  },
  {
    path: '/admin/*',
    HydrateFallback: RouteFallback,
    lazy: async () => ({ Component: (await import('./admin/admin-placeholder-page')).AdminPlaceholderPage }),
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
