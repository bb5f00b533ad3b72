import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DirectoryEntry } from '@app/shared-types/employees';
import { api, unwrap } from '../../../lib/api-client';

/** The active employees leads can be assigned to (the staff directory; a firm's staff fits one page). */
export function getAssignees() {
  return unwrap(api.users.directory.$get({ query: { status: 'active', limit: '100' } }));
}

export const assigneesQueryOptions = queryOptions({
  queryKey: ['users', 'directory', 'active'],
  queryFn: getAssignees,
  staleTime: 60_000,
});

export interface AssigneeOption {
  value: string;
  label: string;
}

/**
 * The assign menus' choices: active employees by name. A lead's current
 * assignee who is no longer active stays shown (by the name kept on the lead).
 */
export function assigneeOptions(entries: readonly DirectoryEntry[], current?: { id: string; name: string }): AssigneeOption[] {
  const options = entries.map((entry) => ({ value: entry.id, label: entry.name }));
  if (current?.id && !options.some((option) => option.value === current.id)) options.push({ value: current.id, label: current.name || current.id });
  return options;
}

export function useAssignees(current?: { id: string; name: string }): AssigneeOption[] {
  const { data } = useQuery(assigneesQueryOptions);
  return assigneeOptions(data?.items ?? [], current);
}
