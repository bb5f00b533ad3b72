/** What each staff role may do in the portal; the server enforces the same (403). */

/** Managers, admins and superadmins delete records; employees do not. */
export function canDelete(role: string | undefined): boolean {
  return role !== undefined && role !== 'employee';
}
