import { api, unwrap } from '../../../lib/api-client';
import { useRecordDelete } from '../../../lib/record-mutations';
import { QUOTATION_CACHE } from './refresh-quotation-queries';

/** Managers, admins and superadmins; employees get 403. */
export function deleteQuotation(id: string) {
  return unwrap(api.quotations[':id'].$delete({ param: { id } }));
}

export function useDeleteQuotation() {
  return useRecordDelete(deleteQuotation, QUOTATION_CACHE);
}
