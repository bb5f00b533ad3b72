import { RATE_LIBRARY_EDITORS } from '@app/shared-types/rate-library';

/** What each staff role may do in the portal; the server enforces the same (403). */

/** Managers, admins and superadmins delete records; employees do not. */
export function canDelete(role: string | undefined): boolean {
  return role !== undefined && role !== 'employee';
}

/** PRODUCT.md roles: finance is for managers, admins and superadmins; employees get 403. */
export function canSeeFinance(role: string | undefined): boolean {
  return role === 'manager' || role === 'admin' || role === 'superadmin';
}

/** PRODUCT.md: the rate library is data admins edit; every other role reads it. */
export function canEditRateLibrary(role: string | undefined): boolean {
  return (RATE_LIBRARY_EDITORS as readonly (string | undefined)[]).includes(role);
}
