import type { SampleDataRemoval } from '@app/shared-types/sample-data';
import { api, unwrap } from '../../../lib/api-client';
import { useRefreshingWrite } from '../../../lib/record-mutations';
import { refreshEmployeeQueries } from '../../employees/api/refresh-employee-queries';

/** 'Remove sample data': removes exactly the items marked as sample data (admin and superadmin). */
export function removeSampleData(): Promise<SampleDataRemoval> {
  return unwrap(api.settings['sample-data'].$delete());
}

export function useRemoveSampleData() {
  return useRefreshingWrite(removeSampleData, refreshEmployeeQueries);
}
