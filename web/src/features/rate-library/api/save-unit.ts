import type { UnitInput, UnitUpdateInput } from '@app/shared-types/rate-library';
import { api, unwrap } from '../../../lib/api-client';
import { useLibraryWrite } from './refresh-rate-library';

export function createUnit(input: UnitInput) {
  return unwrap(api['rate-library'].units.$post({ json: input }));
}

export function updateUnit({ id, ...input }: UnitUpdateInput & { id: string }) {
  return unwrap(api['rate-library'].units[':id'].$put({ param: { id }, json: input }));
}

export const useCreateUnit = () => useLibraryWrite(createUnit);
export const useUpdateUnit = () => useLibraryWrite(updateUnit);
