import { ADMIN_ROLES, type Role } from '@app/shared-types/auth';
import { ROLE_COLORS, ROLE_LABELS } from '../../lib/roles';

/** The role labels and SPEC.md 6 colours live in lib/roles.ts (the header and the employee cards share them). */
export { ROLE_COLORS, ROLE_LABELS };

/** PRODUCT.md roles: only admin and superadmin manage employees and settings. */
export function canManageStaff(role: Role): boolean {
  return (ADMIN_ROLES as readonly Role[]).includes(role);
}

export const LOGIN_INITIAL_VALUES = { email: '', password: '' };
