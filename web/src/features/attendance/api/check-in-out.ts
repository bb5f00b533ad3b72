import type { CheckInInput } from '@app/shared-types/attendance';
import { api, unwrap } from '../../../lib/api-client';
import { useRefreshingWrite } from '../../../lib/record-mutations';
import { refreshAttendanceQueries } from './attendance-queries';

/** Self check-in, once a day: where one works today and, when shared, the browser's coordinates. */
export function checkIn(input: CheckInInput) {
  return unwrap(api.attendance['check-in'].$post({ json: input }));
}

/** Self check-out, once a day (a night shift's the next morning); within 5 minutes of the check-in only with `confirm` (else 422). */
export function checkOut(confirm = false) {
  return unwrap(api.attendance['check-out'].$post({ query: confirm ? { confirm: 'true' } : {} }));
}

export function useCheckIn() {
  return useRefreshingWrite(checkIn, refreshAttendanceQueries);
}

export function useCheckOut() {
  return useRefreshingWrite(checkOut, refreshAttendanceQueries);
}
