import type { BrandInput, BrandUpdateInput } from '@app/shared-types/rate-library';
import { api, unwrap } from '../../../lib/api-client';
import { useLibraryWrite } from './refresh-rate-library';

export function createBrand(input: BrandInput) {
  return unwrap(api['rate-library'].brands.$post({ json: input }));
}

export function updateBrand({ id, ...input }: BrandUpdateInput & { id: string }) {
  return unwrap(api['rate-library'].brands[':id'].$put({ param: { id }, json: input }));
}

export const useCreateBrand = () => useLibraryWrite(createBrand);
export const useUpdateBrand = () => useLibraryWrite(updateBrand);
