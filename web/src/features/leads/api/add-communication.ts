import type { CommunicationInput } from '@app/shared-types/leads';
import { api, unwrap } from '../../../lib/api-client';
import { useRefreshingWrite } from '../../../lib/record-mutations';
import { refreshLeadQueries } from './refresh-lead-queries';

/** Adds a note, call, WhatsApp message or email to a lead's timeline. */
export function addCommunication({ leadId, ...input }: CommunicationInput & { leadId: string }) {
  return unwrap(api.leads[':id'].communications.$post({ param: { id: leadId }, json: input }));
}

/** Refreshes the lead too: a communication moves its last-contacted time. */
export function useAddCommunication() {
  return useRefreshingWrite(addCommunication, refreshLeadQueries);
}
