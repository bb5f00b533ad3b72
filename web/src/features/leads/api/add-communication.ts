import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommunicationInput } from '@app/shared-types/leads';
import { api, unwrap } from '../../../lib/api-client';
import { refreshLeadQueries } from './refresh-lead-queries';

/** Adds a note, call, WhatsApp message or email to a lead's timeline. */
export function addCommunication({ leadId, ...input }: CommunicationInput & { leadId: string }) {
  return unwrap(api.leads[':id'].communications.$post({ param: { id: leadId }, json: input }));
}

/** Refreshes the lead too: a communication moves its last-contacted time. */
export function useAddCommunication() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addCommunication, onSuccess: () => void refreshLeadQueries(queryClient) });
}
