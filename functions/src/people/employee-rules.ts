import { ADMIN_ROLES, type Role } from '@app/shared-types/auth';

const isAdminRole = (role: Role) => (ADMIN_ROLES as readonly Role[]).includes(role);

/**
 * Who may change an employee (deny by default): admins and superadmins; only
 * a superadmin touches an admin or superadmin account, or makes one. The rule
 * of the employee routes (users.ts) and the profile photo routes
 * (employee-photos.ts).
 */
export function mayManageEmployee(actor: { role: Role }, targetRole: Role | undefined, newRole: Role | undefined): boolean {
  if (!isAdminRole(actor.role)) return false;
  if (actor.role === 'superadmin') return true;
  return !(targetRole && isAdminRole(targetRole)) && !(newRole && isAdminRole(newRole));
}
