import { createBrowserRouter, redirect, type NonIndexRouteObject, type RouteObject } from 'react-router';
import { ADMIN_SECTIONS, type AdminRouteHandle } from './admin/sections';
import { RouteErrorPage } from './site/route-error-page';
import { RouteFallback } from './site/route-fallback';
import { siteRoute } from './site/site-route';

/**
 * The website in the browser: the server-rendered pages and, client-rendered only, the
 * client's quotation link (PRODUCT.md): no sign-in, not indexed, no portal code.
 */
const browserSiteRoute: NonIndexRouteObject = {
  ...siteRoute,
  children: [
    ...(siteRoute.children ?? []).filter((route) => route.path !== '*'),
    { path: 'q/:token', lazy: async () => ({ Component: (await import('./site/quote-link-page')).QuoteLinkPage }) },
    ...(siteRoute.children ?? []).filter((route) => route.path === '*'),
  ],
};

const sectionScreens: Record<string, RouteObject['lazy']> = {
  dashboard: async () => ({ Component: (await import('./admin/dashboard-page')).DashboardPage }),
  leads: async () => ({ Component: (await import('./admin/leads-page')).LeadsPage }),
  projects: async () => ({ Component: (await import('./admin/projects-page')).ProjectsPage }),
  vendors: async () => ({ Component: (await import('./admin/vendors-page')).VendorsPage }),
  finance: async () => ({ Component: (await import('./admin/finance-page')).FinancePage }),
  quotations: async () => ({ Component: (await import('./admin/quotations-page')).QuotationsPage }),
  employees: async () => ({ Component: (await import('./admin/employees-page')).EmployeesPage }),
  attendance: async () => ({ Component: (await import('./admin/attendance-page')).AttendancePage }),
  blog: async () => ({ Component: (await import('./admin/blog-page')).BlogPage }),
  settings: async () => ({ Component: (await import('./admin/settings-page')).SettingsPage }),
};
/** The audit log is not in the sidebar: Settings > System links to it, and it is for the roles Settings is for. */
const auditHandle: AdminRouteHandle = { title: 'Audit Log', section: { id: 'audit', path: 'audit', label: 'Audit Log', heading: 'Audit Log', adminOnly: true } };
const comingSoon: RouteObject['lazy'] = async () => ({
  Component: (await import('./admin/coming-soon-page')).ComingSoonPage,
});

/**
 * The admin portal at `basePath`: the layout (session check, login form,
 * sidebar) and one lazy route per section, so each section has its own URL.
 */
function portalRoute(basePath: string): RouteObject {
  return {
    path: basePath,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: RouteFallback,
    lazy: async () => ({ Component: (await import('./admin/admin-layout')).AdminLayout }),
    children: [
      ...ADMIN_SECTIONS.map((section): RouteObject => {
        const handle: AdminRouteHandle = { title: section.label, section };
        const lazy = sectionScreens[section.id] ?? comingSoon;
        return section.path ? { path: section.path, handle, lazy } : { index: true, handle, lazy };
      }),
      // The audit log: reached from Settings > System, for whoever may open Settings.
      { path: 'audit', handle: auditHandle, lazy: async () => ({ Component: (await import('./admin/audit-page')).AuditPage }) },
      {
        path: '*',
        handle: { title: 'Page not found' } satisfies AdminRouteHandle,
        lazy: async () => ({ Component: (await import('./admin/admin-not-found-page')).AdminNotFoundPage }),
      },
    ],
  };
}

/**
 * 'Request access' (Settings > Security > allowRegistration), beside the portal
 * rather than in its layout, which shows the sign-in form to everyone signed out.
 */
function requestAccessRoute(path: string, signInHref: string): RouteObject {
  return {
    path,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: RouteFallback,
    lazy: async () => {
      const { RequestAccessPage } = await import('./admin/request-access-page');
      return { Component: () => <RequestAccessPage signInHref={signInHref} /> };
    },
  };
}

/** PRODUCT.md: a host whose name starts with 'admin.' shows the portal at '/'. */
export function isAdminHost(hostname: string): boolean {
  return hostname.toLowerCase().startsWith('admin.');
}

/**
 * The app's routes for a host name. The main host serves the website, with the
 * portal at /admin; an admin host serves only the portal, at '/'. Home is in the
 * entry chunk; every other page is its own lazy chunk, and the portal's chunks
 * are never loaded by public pages.
 */
export function routesForHost(hostname: string): RouteObject[] {
  if (!isAdminHost(hostname)) return [browserSiteRoute, requestAccessRoute('/admin/request-access', '/admin'), portalRoute('/admin')];
  return [
    // Old links and bookmarks to /admin/... keep working on the admin host.
    { path: '/admin/*', loader: ({ params }) => redirect(`/${params['*'] ?? ''}`) },
    requestAccessRoute('/request-access', '/'),
    portalRoute('/'),
  ];
}

/** The browser's routes (none on the server, which renders only site/site-route.tsx: entry-server.tsx). */
export const routes: RouteObject[] = typeof window === 'undefined' ? [] : routesForHost(window.location.hostname);

/**
 * The browser's router. A server-rendered page resolves its matched lazy routes
 * first (main.tsx), so hydration renders the same tree the server did.
 */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
