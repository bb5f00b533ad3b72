import type { PriceInput, PriceUpdateInput } from '@app/shared-types/rate-library';
import { api, unwrap } from '../../../lib/api-client';
import { useLibraryWrite } from './refresh-rate-library';

export function createPrice(input: PriceInput) {
  return unwrap(api['rate-library'].prices.$post({ json: input }));
}

/** Reprices (price and cost), retires or restores a price. */
export function updatePrice({ id, ...input }: PriceUpdateInput & { id: string }) {
  return unwrap(api['rate-library'].prices[':id'].$put({ param: { id }, json: input }));
}

export const useCreatePrice = () => useLibraryWrite(createPrice);
export const useUpdatePrice = () => useLibraryWrite(updatePrice);
