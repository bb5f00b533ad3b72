import type { ItemInput, ItemUpdateInput } from '@app/shared-types/rate-library';
import { api, unwrap } from '../../../lib/api-client';
import { useLibraryWrite } from './refresh-rate-library';

export function createItem(input: ItemInput) {
  return unwrap(api['rate-library'].items.$post({ json: input }));
}

/** Saves the item whole (name, unit, finishes, brands, retired) at the version the editor saw. */
export function updateItem({ id, ...input }: ItemUpdateInput & { id: string }) {
  return unwrap(api['rate-library'].items[':id'].$put({ param: { id }, json: input }));
}

export const useCreateItem = () => useLibraryWrite(createItem);
export const useUpdateItem = () => useLibraryWrite(updateItem);
