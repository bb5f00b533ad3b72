import type { Quotation } from '@app/shared-types/quotations';
import { apiJson } from '../../../lib/api-fetch';
import { useRecordSave } from '../../../lib/record-mutations';
import { QUOTATION_CACHE, part } from './refresh-quotation-queries';

/** A new draft with the same client, rows and notes, under a new number. */
export function duplicateQuotation(id: string) {
  return apiJson<Quotation>(`/api/quotations/${part(id)}/duplicate`, { method: 'POST' });
}

export function useDuplicateQuotation() {
  return useRecordSave(duplicateQuotation, QUOTATION_CACHE);
}
