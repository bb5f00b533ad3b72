import type { DepartmentInput, DepartmentUpdateInput } from '@app/shared-types/departments';
import { api, unwrap } from '../../../lib/api-client';
import { useRefreshingWrite } from '../../../lib/record-mutations';
import { refreshDepartmentQueries } from './refresh-department-queries';

/** Adds a department; ApiError 400 (field messages), 409 when the name is taken. */
export function createDepartment(input: DepartmentInput) {
  return unwrap(api.departments.$post({ json: input }));
}

/** Saves a department with the version the editor saw; 409 when stale, its name taken, or renamed while employees belong to it. */
export function updateDepartment({ id, ...input }: DepartmentUpdateInput & { id: string }) {
  return unwrap(api.departments[':id'].$put({ param: { id }, json: input }));
}

/** Deletes a department; 409 while it has job roles or employees. */
export function deleteDepartment(id: string) {
  return unwrap(api.departments[':id'].$delete({ param: { id } }));
}

export function useCreateDepartment() {
  return useRefreshingWrite(createDepartment, refreshDepartmentQueries);
}

export function useUpdateDepartment() {
  return useRefreshingWrite(updateDepartment, refreshDepartmentQueries);
}

export function useDeleteDepartment() {
  return useRefreshingWrite(deleteDepartment, refreshDepartmentQueries);
}
