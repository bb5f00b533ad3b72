import type { QueryClient } from '@tanstack/react-query';
import type { SampleDataRemoval } from '@app/shared-types/sample-data';
import { api, unwrap } from '../../../lib/api-client';
import { useRefreshingWrite } from '../../../lib/record-mutations';

/** 'Remove sample data': removes exactly the items marked as sample data (admin and superadmin). */
export function removeSampleData(): Promise<SampleDataRemoval> {
  return unwrap(api.settings['sample-data'].$delete());
}

/** `refresh`: the queries of what sample data is (the page that shows the card knows them). */
export function useRemoveSampleData(refresh: (queryClient: QueryClient) => Promise<unknown>) {
  return useRefreshingWrite(removeSampleData, refresh);
}
