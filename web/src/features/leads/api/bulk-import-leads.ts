import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkImportInput } from '@app/shared-types/leads';
import { api, unwrap } from '../../../lib/api-client';
import { refreshLeadQueries } from './refresh-lead-queries';

/**
 * Imports parsed rows. With `dryRun` the server only answers what each row
 * would become (valid, invalid, duplicate) and writes nothing.
 */
export function bulkImportLeads(input: BulkImportInput) {
  return unwrap(api.leads['bulk-import'].$post({ json: input }));
}

export function useBulkImportLeads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkImportLeads,
    onSuccess: (_result, input) => {
      if (!input.dryRun) void refreshLeadQueries(queryClient);
    },
  });
}
