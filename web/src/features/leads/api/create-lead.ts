import type { LeadCreateInput } from '@app/shared-types/leads';
import { api, unwrap } from '../../../lib/api-client';
import { useRefreshingWrite } from '../../../lib/record-mutations';
import { refreshLeadQueries } from './refresh-lead-queries';

/** Creates a lead; rejects with ApiError 409 when the phone already belongs to a lead. */
export function createLead(input: LeadCreateInput) {
  return unwrap(api.leads.$post({ json: input }));
}

export function useCreateLead() {
  return useRefreshingWrite(createLead, refreshLeadQueries);
}
