import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

/** The firm's public identity (Settings > Company): name, phone, address, social links, reels. */
export function getSiteInfo() {
  return unwrap(api.site.$get());
}

export function getSiteInfoQueryOptions() {
  return queryOptions({ queryKey: ['site-info'], queryFn: getSiteInfo });
}

export function useSiteInfo() {
  return useQuery(getSiteInfoQueryOptions());
}

/**
 * After Settings are saved: the firm's name and logo on screen (the portal's
 * sidebar and header, the login card) follow at once, not at the next reload.
 */
export function refreshSiteInfo(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: getSiteInfoQueryOptions().queryKey });
}
