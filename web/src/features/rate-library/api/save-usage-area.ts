import type { UsageAreaInput, UsageAreaUpdateInput } from '@app/shared-types/rate-library';
import { api, unwrap } from '../../../lib/api-client';
import { useLibraryWrite } from './refresh-rate-library';

export function createUsageArea(input: UsageAreaInput) {
  return unwrap(api['rate-library']['usage-areas'].$post({ json: input }));
}

/** Renames, reorders, retires or restores; 409 when someone else changed it meanwhile. */
export function updateUsageArea({ id, ...input }: UsageAreaUpdateInput & { id: string }) {
  return unwrap(api['rate-library']['usage-areas'][':id'].$put({ param: { id }, json: input }));
}

export const useCreateUsageArea = () => useLibraryWrite(createUsageArea);
export const useUpdateUsageArea = () => useLibraryWrite(updateUsageArea);
