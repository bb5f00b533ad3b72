import type { Quotation, QuotationUpdateInput } from '@app/shared-types/quotations';
import { apiJson } from '../../../lib/api-fetch';
import { useRecordSave } from '../../../lib/record-mutations';
import { QUOTATION_CACHE, part } from './refresh-quotation-queries';

/** Saves every field with the version the editor saw; 409 with `current` when someone saved meanwhile, or with `lowMargin`. */
export function updateQuotation({ id, ...input }: QuotationUpdateInput & { id: string }) {
  return apiJson<Quotation>(`/api/quotations/${part(id)}`, { method: 'PUT', json: input });
}

export function useUpdateQuotation() {
  return useRecordSave(updateQuotation, QUOTATION_CACHE);
}
