import { api, unwrap } from '../../../lib/api-client';
import { useRecordSave } from '../../../lib/record-mutations';
import { QUOTATION_CACHE } from './refresh-quotation-queries';

/** A new draft with the same client, rows and notes, under a new number. */
export function duplicateQuotation(id: string) {
  return unwrap(api.quotations[':id'].duplicate.$post({ param: { id } }));
}

export function useDuplicateQuotation() {
  return useRecordSave(duplicateQuotation, QUOTATION_CACHE);
}
