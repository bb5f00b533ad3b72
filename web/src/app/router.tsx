import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { sameOriginPath } from '../lib/same-origin-path';
import { ADMIN_SECTIONS, type AdminRouteHandle } from './admin/sections';
import { isPortalPath } from '@app/shared-types/app-paths';
import { OtherAppRoute } from './other-app-route';
import { RouteErrorElement } from './route-error-element';
import { RouteFallback } from './site/route-fallback';
import { SiteLayout } from './site/site-layout';

/**
 * The portal app's part of the website (main host): a client's quotation link,
 * client-rendered (PRODUCT.md: no sign-in, not indexed, no portal code), in the
 * site's header and footer. A link from it to a page of the website loads that
 * page from the server (OtherAppRoute); the website itself is the other app
 * (site/site-route.tsx, hydrated by site-main.tsx).
 */
const quoteLinkRoute: RouteObject = {
  path: '/',
  Component: SiteLayout,
  ErrorBoundary: RouteErrorElement,
  HydrateFallback: RouteFallback,
  children: [
    { path: 'q/:token', lazy: async () => ({ Component: (await import('./quote-link-page')).QuoteLinkPage }) },
    { path: '*', element: <OtherAppRoute isOtherApp={(pathname) => !isPortalPath(pathname)} /> },
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
const employeesSection = ADMIN_SECTIONS.find((section) => section.id === 'employees');
/** A project's page belongs to Projects: its sidebar entry. */
const projectHandle: AdminRouteHandle = { title: 'Project', section: ADMIN_SECTIONS.find((section) => section.id === 'projects') };
/** Departments and job roles belong to Employees (its sidebar entry), for admins only: the others read the staff directory. */
const departmentsHandle: AdminRouteHandle = { title: 'Departments & Job Roles', section: employeesSection && { ...employeesSection, adminOnly: true } };
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
    ErrorBoundary: RouteErrorElement,
    HydrateFallback: RouteFallback,
    lazy: async () => ({ Component: (await import('./admin/admin-layout')).AdminLayout }),
    children: [
      ...ADMIN_SECTIONS.map((section): RouteObject => {
        const handle: AdminRouteHandle = { title: section.label, section };
        const lazy = sectionScreens[section.id] ?? comingSoon;
        return section.path ? { path: section.path, handle, lazy } : { index: true, handle, lazy };
      }),
      // Departments and job roles: under Employees (its section, so admins only), reached from the Employees page.
      { path: 'employees/departments', handle: departmentsHandle, lazy: async () => ({ Component: (await import('./admin/departments-page')).DepartmentsPage }) },
      // 'Change password': the header's account menu, for everyone signed in.
      { path: 'account/password', handle: { title: 'Change password' } satisfies AdminRouteHandle, lazy: async () => ({ Component: (await import('./admin/change-password-page')).ChangePasswordPage }) },
      // A project's page: reached from its card on Projects.
      { path: 'projects/:id', handle: projectHandle, lazy: async () => ({ Component: (await import('./admin/project-page')).ProjectPage }) },
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
    ErrorBoundary: RouteErrorElement,
    HydrateFallback: RouteFallback,
    lazy: async () => {
      const { RequestAccessPage } = await import('./admin/request-access-page');
      return { Component: () => <RequestAccessPage signInHref={signInHref} /> };
    },
  };
}

/** 'Forgot password?' and the emailed link's screen: beside the portal too, for people who cannot sign in. */
function passwordResetRoutes(base: string): RouteObject[] {
  const signInHref = base || '/';
  const forgotHref = `${base}/forgot-password`;
  const signedOut = (path: string, screen: RouteObject['lazy']): RouteObject => ({ path, ErrorBoundary: RouteErrorElement, HydrateFallback: RouteFallback, lazy: screen });
  return [
    signedOut(forgotHref, async () => {
      const { ForgotPasswordPage } = await import('./admin/password-reset-pages');
      return { Component: () => <ForgotPasswordPage signInHref={signInHref} /> };
    }),
    signedOut(`${base}/reset-password`, async () => {
      const { ResetPasswordPage } = await import('./admin/password-reset-pages');
      return { Component: () => <ResetPasswordPage signInHref={signInHref} forgotHref={forgotHref} /> };
    }),
  ];
}

/** PRODUCT.md: a host whose name starts with 'admin.' shows the portal at '/'. */
export function isAdminHost(hostname: string): boolean {
  return hostname.toLowerCase().startsWith('admin.');
}

/**
 * The portal app's routes for a host name. The main host serves the portal at
 * /admin and the quotation link (the website is the other app); an admin host
 * serves only the portal, at '/'. Every screen is its own lazy chunk.
 */
export function routesForHost(hostname: string): RouteObject[] {
  if (!isAdminHost(hostname)) return [quoteLinkRoute, requestAccessRoute('/admin/request-access', '/admin'), ...passwordResetRoutes('/admin'), portalRoute('/admin')];
  return [
    // Old links and bookmarks to /admin/... keep working on the admin host; the
    // rest of the path is made a path on this host ('/admin//evil.example' must not leave it).
    { path: '/admin/*', loader: ({ params }) => redirect(sameOriginPath(params['*'] ?? '')) },
    requestAccessRoute('/request-access', '/'),
    ...passwordResetRoutes(''),
    portalRoute('/'),
  ];
}

/** The portal app's routes in this browser (none on the server, which renders only the website: entry-server.tsx). */
export const routes: RouteObject[] = typeof window === 'undefined' ? [] : routesForHost(window.location.hostname);

/** The portal app's router (main.tsx). */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
