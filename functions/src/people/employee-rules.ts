import { ADMIN_ROLES, type Role } from '@app/shared-types/auth';
import { isOneOf } from '@app/shared-types/guards';

const isAdminRole = (role: Role) => isOneOf(ADMIN_ROLES, role);

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
