import { apiJson } from '../../../lib/api-fetch';
import { useRecordDelete } from '../../../lib/record-mutations';
import { QUOTATION_CACHE, part } from './refresh-quotation-queries';

/** Managers, admins and superadmins; employees get 403. */
export function deleteQuotation(id: string) {
  return apiJson<{ id: string }>(`/api/quotations/${part(id)}`, { method: 'DELETE' });
}

export function useDeleteQuotation() {
  return useRecordDelete(deleteQuotation, QUOTATION_CACHE);
}
