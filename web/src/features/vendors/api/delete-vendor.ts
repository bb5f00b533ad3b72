import { api, unwrap } from '../../../lib/api-client';
import { useRefreshingWrite } from '../../../lib/record-mutations';
import { refreshVendorQueries } from './refresh-vendor-queries';

/** Deletes a vendor; employees get ApiError 403, a vendor already gone 404. */
export function deleteVendor(id: string) {
  return unwrap(api.vendors[':id'].$delete({ param: { id } }));
}

export function useDeleteVendor() {
  return useRefreshingWrite(deleteVendor, refreshVendorQueries);
}
