import type { JobRoleInput, JobRoleUpdateInput } from '@app/shared-types/departments';
import { api, unwrap } from '../../../lib/api-client';
import { useRefreshingWrite } from '../../../lib/record-mutations';
import { refreshDepartmentQueries } from './refresh-department-queries';

/** Adds a job role; ApiError 400 (field messages, an unknown department), 409 when the name is taken. */
export function createJobRole(input: JobRoleInput) {
  return unwrap(api['job-roles'].$post({ json: input }));
}

/** Saves a job role with the version the editor saw; 409 when stale or its name taken. */
export function updateJobRole({ id, ...input }: JobRoleUpdateInput & { id: string }) {
  return unwrap(api['job-roles'][':id'].$put({ param: { id }, json: input }));
}

export function deleteJobRole(id: string) {
  return unwrap(api['job-roles'][':id'].$delete({ param: { id } }));
}

export function useCreateJobRole() {
  return useRefreshingWrite(createJobRole, refreshDepartmentQueries);
}

export function useUpdateJobRole() {
  return useRefreshingWrite(updateJobRole, refreshDepartmentQueries);
}

export function useDeleteJobRole() {
  return useRefreshingWrite(deleteJobRole, refreshDepartmentQueries);
}
