import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CampaignSpendInput } from '@app/shared-types/attribution';
import { api, unwrap } from '../../../lib/api-client';

/** Leads CRM > Campaigns (issue 26): the kept rows of months `from` to `to` (YYYY-MM). */
export function getCampaignReport(from: string, to: string) {
  return unwrap(api.campaigns.$get({ query: { from, to } }));
}

export function getCampaignReportQueryOptions(from: string, to: string) {
  return queryOptions({ queryKey: ['campaigns', 'report', { from, to }], queryFn: () => getCampaignReport(from, to) });
}

export function useCampaignReport(from: string, to: string, enabled: boolean) {
  return useQuery({ ...getCampaignReportQueryOptions(from, to), enabled, placeholderData: keepPreviousData });
}

/** The report's CSV, built by the server: a plain link, downloaded with the session cookie. */
export const campaignExportHref = (from: string, to: string) => `/api/campaigns/export?${new URLSearchParams({ from, to }).toString()}`;

/** Sets a campaign's spend in a month (managers and up); the report is read again. */
export function useSaveCampaignSpend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CampaignSpendInput) => unwrap(api.campaigns.spend.$put({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['campaigns'] }),
  });
}
