import type { ProjectInput } from '@app/shared-types/projects';
import { api, unwrap } from '../../../lib/api-client';
import { useRecordSave } from '../../../lib/record-mutations';
import { PROJECT_CACHE } from './get-project';

/** Creates a project; rejects with ApiError 400 (field messages) for invalid input or a customer that is gone. */
export function createProject(input: ProjectInput) {
  return unwrap(api.projects.$post({ json: input }));
}

export function useCreateProject() {
  return useRecordSave(createProject, PROJECT_CACHE);
}
