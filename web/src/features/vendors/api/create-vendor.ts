import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VendorInput } from '@app/shared-types/vendors';
import { api, unwrap } from '../../../lib/api-client';
import { refreshVendorQueries } from './refresh-vendor-queries';

/** Adds a vendor; rejects with ApiError 400 (with field messages) for invalid input. */
export function createVendor(input: VendorInput) {
  return unwrap(api.vendors.$post({ json: input }));
}

export function useCreateVendor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createVendor, onSuccess: () => void refreshVendorQueries(queryClient) });
}
