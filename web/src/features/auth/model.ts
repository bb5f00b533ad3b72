import { ADMIN_ROLES, type Role } from '@app/shared-types/auth';

export const ROLE_LABELS: Record<Role, string> = {
  employee: 'Employee',
  manager: 'Manager',
  admin: 'Admin',
  superadmin: 'Super Admin',
};

/** SPEC.md 6 badge colours: superadmin purple, admin blue, manager indigo, employee grey. */
export const ROLE_COLORS: Record<Role, string> = {
  superadmin: '#7B3FB5',
  admin: '#1E63C4',
  manager: '#3F4BB5',
  employee: '#6B6B6B',
};

/** PRODUCT.md roles: only admin and superadmin manage employees and settings. */
export function canManageStaff(role: Role): boolean {
  return (ADMIN_ROLES as readonly Role[]).includes(role);
}

export const LOGIN_INITIAL_VALUES = { email: '', password: '' };
