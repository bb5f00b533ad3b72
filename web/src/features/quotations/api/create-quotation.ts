import type { QuotationInput } from '@app/shared-types/quotations';
import { api, unwrap } from '../../../lib/api-client';
import { useRecordSave } from '../../../lib/record-mutations';
import { QUOTATION_CACHE } from './refresh-quotation-queries';

/** 201 with the quotation and its new number; 400 with field messages; 409 when sending below the margin threshold unconfirmed. */
export function createQuotation(input: QuotationInput) {
  return unwrap(api.quotations.$post({ json: input }));
}

export function useCreateQuotation() {
  return useRecordSave(createQuotation, QUOTATION_CACHE);
}
