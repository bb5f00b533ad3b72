import type { PiiField } from '@app/shared-types/employees';
import { api, unwrap } from '../../../lib/api-client';

/**
 * Asks the server for personal data in clear (audited: who, whose, which
 * fields, when). Deliberately not a react-query query or mutation: the clear
 * value must live only in the component showing it, never in a cache.
 */
export async function revealEmployeePii(id: string, field: PiiField): Promise<string> {
  const answer = await unwrap(api.users[':id'].reveal.$post({ param: { id }, json: { fields: [field] } }));
  return answer.values[field] ?? '';
}
