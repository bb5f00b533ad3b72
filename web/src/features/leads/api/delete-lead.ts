import { api, unwrap } from '../../../lib/api-client';
import { useRecordDelete } from '../../../lib/record-mutations';
import { LEAD_CACHE } from './get-lead';

/** Deletes a lead and its timeline; employees get ApiError 403. */
export function deleteLead(id: string) {
  return unwrap(api.leads[':id'].$delete({ param: { id } }));
}

export function useDeleteLead() {
  return useRecordDelete(deleteLead, LEAD_CACHE);
}
