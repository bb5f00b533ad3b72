import { useMatches } from 'react-router';

/**
 * The portal's sections in sidebar order (SPEC.md 2), each at its own URL
 * below the portal's base path (PRODUCT.md). Data only: the router imports it,
 * so it must not pull admin screens into the public entry chunk.
 */
export const ADMIN_SECTIONS = [
  { id: 'dashboard', path: '', label: 'Dashboard', heading: 'Dashboard' },
  { id: 'leads', path: 'leads', label: 'Leads CRM', heading: 'Leads CRM' },
  { id: 'projects', path: 'projects', label: 'Projects', heading: 'Project Management' },
  { id: 'vendors', path: 'vendors', label: 'Vendors', heading: 'Vendor Management' },
  { id: 'finance', path: 'finance', label: 'Finance', heading: 'Enhanced Finance Management', managerOnly: true },
  { id: 'quotations', path: 'quotations', label: 'Quotation Builder', heading: 'Pixel-Perfect Quotation Builder' },
  { id: 'attendance', path: 'attendance', label: 'Attendance', heading: 'Attendance Portal' },
  // Everyone reads the staff directory (PRODUCT.md roles); admins manage employees on the same page.
  { id: 'employees', path: 'employees', label: 'Employees', heading: 'Employee Management' },
  { id: 'blog', path: 'blog', label: 'Blog', heading: 'Blog Management' },
  { id: 'settings', path: 'settings', label: 'Settings', heading: 'System Settings', adminOnly: true },
] as const satisfies readonly AdminSection[];

export interface AdminSection {
  id: string;
  /** Relative to the portal's base path; '' is the dashboard. */
  path: string;
  /** The sidebar label and the page title. */
  label: string;
  /** The section screen's own heading. */
  heading: string;
  /** Managed by admin and superadmin only (PRODUCT.md roles). */
  adminOnly?: boolean;
  /** For managers, admins and superadmins; hidden from employees (PRODUCT.md roles: finance). */
  managerOnly?: boolean;
}

/** Whether a role may open a section: the sidebar lists only these, and the others say 'no access'. */
export function canOpenSection(section: AdminSection, may: { manageStaff: boolean; seeFinance: boolean }): boolean {
  if (section.adminOnly === true) return may.manageStaff;
  if (section.managerOnly === true) return may.seeFinance;
  return true;
}

export type AdminSectionId = (typeof ADMIN_SECTIONS)[number]['id'];

/** What a portal route tells the layout: its <title> and, for sections, which one it is. */
export interface AdminRouteHandle {
  title: string;
  section?: AdminSection;
}

/** A section's URL under the portal's base path: ('/admin', 'leads') -> '/admin/leads', ('/', 'leads') -> '/leads'. */
export function sectionHref(basePath: string, path: string): string {
  const base = basePath.replace(/\/+$/, '');
  if (!path) return base || '/';
  return `${base}/${path}`;
}

function isAdminRouteHandle(handle: unknown): handle is AdminRouteHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle && typeof handle.title === 'string';
}

/** The handle of the deepest matched portal route, if any. */
export function useAdminRouteHandle(): AdminRouteHandle | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle;
    if (isAdminRouteHandle(handle)) return handle;
  }
  return undefined;
}
