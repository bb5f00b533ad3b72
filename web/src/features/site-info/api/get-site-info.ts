import { queryOptions, useQuery } from '@tanstack/react-query';
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
