import type { QuotationUpdateInput } from '@app/shared-types/quotations';
import { api, unwrap } from '../../../lib/api-client';
import { useRecordSave } from '../../../lib/record-mutations';
import { QUOTATION_CACHE } from './refresh-quotation-queries';

/** Saves every field with the version the editor saw; 409 with `current` when someone saved meanwhile, or with `lowMargin`. */
export function updateQuotation({ id, ...input }: QuotationUpdateInput & { id: string }) {
  return unwrap(api.quotations[':id'].$put({ param: { id }, json: input }));
}

export function useUpdateQuotation() {
  return useRecordSave(updateQuotation, QUOTATION_CACHE);
}
