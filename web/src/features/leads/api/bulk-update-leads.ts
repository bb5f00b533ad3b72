import type { BulkUpdateInput } from '@app/shared-types/leads';
import { api, unwrap } from '../../../lib/api-client';
import { useRefreshingWrite } from '../../../lib/record-mutations';
import { refreshLeadQueries } from './refresh-lead-queries';

/** Assigns and/or changes the status of the selected leads. */
export function bulkUpdateLeads(input: BulkUpdateInput) {
  return unwrap(api.leads['bulk-update'].$post({ json: input }));
}

export function useBulkUpdateLeads() {
  return useRefreshingWrite(bulkUpdateLeads, refreshLeadQueries);
}
