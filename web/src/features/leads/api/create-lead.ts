import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeadCreateInput } from '@app/shared-types/leads';
import { api, unwrap } from '../../../lib/api-client';
import { refreshLeadQueries } from './refresh-lead-queries';

/** Creates a lead; rejects with ApiError 409 when the phone already belongs to a lead. */
export function createLead(input: LeadCreateInput) {
  return unwrap(api.leads.$post({ json: input }));
}

export function useCreateLead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createLead, onSuccess: () => void refreshLeadQueries(queryClient) });
}
