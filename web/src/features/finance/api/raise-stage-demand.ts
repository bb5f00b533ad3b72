import type { StageDemandInput } from '@app/shared-types/finance';
import { api, unwrap } from '../../../lib/api-client';
import { useRefreshingWrite } from '../../../lib/record-mutations';
import { refreshFinanceQueries } from './refresh-finance-queries';

/** Raises a stage's demand: a pending income transaction due on `dueDate`; 409 when it was demanded already. */
export function raiseStageDemand({ projectId, ...input }: StageDemandInput & { projectId: string }) {
  return unwrap(api.finance.projects[':id'].stages.demand.$post({ param: { id: projectId }, json: input }));
}

export function useRaiseStageDemand() {
  return useRefreshingWrite(raiseStageDemand, refreshFinanceQueries);
}
