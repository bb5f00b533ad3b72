import type { VendorInput } from '@app/shared-types/vendors';
import { api, unwrap } from '../../../lib/api-client';
import { useRefreshingWrite } from '../../../lib/record-mutations';
import { refreshVendorQueries } from './refresh-vendor-queries';

/** Adds a vendor; rejects with ApiError 400 (with field messages) for invalid input. */
export function createVendor(input: VendorInput) {
  return unwrap(api.vendors.$post({ json: input }));
}

export function useCreateVendor() {
  return useRefreshingWrite(createVendor, refreshVendorQueries);
}
