import type { RecordCache } from '../../../lib/record-mutations';
import { getEmployeeQueryOptions } from './get-employee';
import { refreshEmployeeQueries } from './refresh-employee-queries';

/** An employee's detail query and the refresh after any employee write, for the employee mutations. */
export const EMPLOYEE_CACHE: RecordCache = {
  detailKey: (id) => getEmployeeQueryOptions(id).queryKey,
  refresh: refreshEmployeeQueries,
};
