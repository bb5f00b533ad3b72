import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SpamForm } from '@app/shared-types/leads';
import { api, unwrap } from '../../../lib/api-client';
import { refreshLeadQueries } from './refresh-lead-queries';

/** 'Not spam': the submission becomes its lead (or joins the lead with its phone). */
export function markNotSpam({ form, id }: { form: SpamForm; id: string }) {
  return unwrap(api.leads.spam[':form'][':id']['not-spam'].$post({ param: { form, id } }));
}

export function useMarkNotSpam() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markNotSpam, onSuccess: () => void refreshLeadQueries(queryClient) });
}
