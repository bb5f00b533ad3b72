import type { VendorUpdateInput } from '@app/shared-types/vendors';
import { api, unwrap } from '../../../lib/api-client';
import { useRefreshingWrite } from '../../../lib/record-mutations';
import { refreshVendorQueries } from './refresh-vendor-queries';

/**
 * Saves every field of a vendor with the version the editor saw; rejects with
 * ApiError 409 when someone else saved it meanwhile, 404 when it was deleted.
 */
export function updateVendor({ id, ...input }: VendorUpdateInput & { id: string }) {
  return unwrap(api.vendors[':id'].$put({ param: { id }, json: input }));
}

export function useUpdateVendor() {
  return useRefreshingWrite(updateVendor, refreshVendorQueries);
}
