import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DirectoryEntry } from '@app/shared-types/employees';
import { api, unwrap } from '../../../lib/api-client';
import { EMPLOYEES_KEY } from './refresh-employee-queries';

const DIRECTORY_PAGE = 100;
/** A firm's staff list is short; this bounds the reads should it not be. */
const MAX_DIRECTORY_PAGES = 10;

/**
 * The whole staff directory (name, role, department, position), page by page:
 * the reporting-manager picker chooses among its managers, admins and
 * superadmins, and the details show the manager's name.
 */
export async function getStaffDirectory(): Promise<DirectoryEntry[]> {
  const entries: DirectoryEntry[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_DIRECTORY_PAGES; page++) {
    const query: Record<string, string> = { limit: String(DIRECTORY_PAGE), ...(cursor ? { cursor } : {}) };
    const answer = await unwrap(api.users.directory.$get({ query }));
    entries.push(...answer.items);
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  return entries;
}

export function getStaffDirectoryQueryOptions() {
  return queryOptions({ queryKey: [EMPLOYEES_KEY, 'directory'], queryFn: getStaffDirectory });
}

export function useStaffDirectory(enabled = true) {
  return useQuery({ ...getStaffDirectoryQueryOptions(), enabled });
}
