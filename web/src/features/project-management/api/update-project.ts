import type { ProjectUpdateInput } from '@app/shared-types/projects';
import { api, unwrap } from '../../../lib/api-client';
import { useRecordSave } from '../../../lib/record-mutations';
import { PROJECT_CACHE } from './get-project';

/**
 * Saves every field of a project with the version the editor saw; rejects
 * with ApiError 409 `{ error, current }` when someone else saved it meanwhile
 * (see staleCurrent), 404 when it was deleted.
 */
export function updateProject({ id, ...input }: ProjectUpdateInput & { id: string }) {
  return unwrap(api.projects[':id'].$put({ param: { id }, json: input }));
}

/** Puts the saved project (and its new version) into the detail at once, so reopening it never edits an old version. */
export function useUpdateProject() {
  return useRecordSave(updateProject, PROJECT_CACHE);
}
