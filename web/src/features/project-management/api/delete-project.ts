import { api, unwrap } from '../../../lib/api-client';
import { useRecordDelete } from '../../../lib/record-mutations';
import { PROJECT_CACHE } from './get-project';

/** Deletes a project and its photos; employees get ApiError 403, a project already gone 404. */
export function deleteProject(id: string) {
  return unwrap(api.projects[':id'].$delete({ param: { id } }));
}

export function useDeleteProject() {
  return useRecordDelete(deleteProject, PROJECT_CACHE);
}
