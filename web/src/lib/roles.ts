import type { Role } from '@app/shared-types/auth';
import { RATE_LIBRARY_EDITORS } from '@app/shared-types/rate-library';

/** What each staff role may do in the portal; the server enforces the same (403). */

export const ROLE_LABELS: Record<Role, string> = {
  employee: 'Employee',
  manager: 'Manager',
  admin: 'Admin',
  superadmin: 'Super Admin',
};

/** SPEC.md 6 badge colours: superadmin purple, admin blue, manager indigo, employee grey (the header's chip and the employee cards). */
export const ROLE_COLORS: Record<Role, string> = {
  superadmin: '#7B3FB5',
  admin: '#1E63C4',
  manager: '#3F4BB5',
  employee: '#6B6B6B',
};

/** Managers, admins and superadmins delete records; employees do not. */
export function canDelete(role: string | undefined): boolean {
  return role !== undefined && role !== 'employee';
}

/** PRODUCT.md roles: finance is for managers, admins and superadmins; employees get 403. */
export function canSeeFinance(role: string | undefined): boolean {
  return role === 'manager' || role === 'admin' || role === 'superadmin';
}

/** PRODUCT.md roles: every staff role reads the Leads CRM (GET /api/leads..., the 'Response overdue' card); a visitor does not. */
export function canReadLeads(role: string | undefined): boolean {
  return role === 'employee' || role === 'manager' || role === 'admin' || role === 'superadmin';
}

/** PRODUCT.md: the rate library is data admins edit; every other role reads it. */
export function canEditRateLibrary(role: string | undefined): boolean {
  return (RATE_LIBRARY_EDITORS as readonly (string | undefined)[]).includes(role);
}

const ADMIN_ROLE_NAMES: readonly string[] = ['admin', 'superadmin'];
const STAFF_ROLES = ['employee', 'manager', 'admin', 'superadmin'] as const;

/**
 * PRODUCT.md roles: the roles `actorRole` may give an employee. An admin
 * manages employees and managers; only a superadmin makes admins and
 * superadmins. Everyone else manages nobody.
 */
export function assignableRoles(actorRole: string | undefined): (typeof STAFF_ROLES)[number][] {
  if (actorRole === 'superadmin') return [...STAFF_ROLES];
  if (actorRole === 'admin') return ['employee', 'manager'];
  return [];
}

/** Whether `actorRole` may edit (and reveal the personal data of) someone with `targetRole`: admins the employees and managers, a superadmin everyone. */
export function canManageEmployee(actorRole: string | undefined, targetRole: string): boolean {
  if (actorRole === 'superadmin') return true;
  return actorRole === 'admin' && !ADMIN_ROLE_NAMES.includes(targetRole);
}

/** Whether the signed-in person (`actor`) may delete `target`: as for editing, and never themselves. */
export function canDeleteEmployee(actor: { id: string; role: string } | undefined, target: { id: string; role: string }): boolean {
  return actor !== undefined && actor.id !== target.id && canManageEmployee(actor.role, target.role);
}
