import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { refreshVendorQueries } from './refresh-vendor-queries';

/** Deletes a vendor; employees get ApiError 403, a vendor already gone 404. */
export function deleteVendor(id: string) {
  return unwrap(api.vendors[':id'].$delete({ param: { id } }));
}

export function useDeleteVendor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteVendor, onSuccess: () => void refreshVendorQueries(queryClient) });
}
