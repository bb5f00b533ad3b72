import type { SampleDataRemoval } from '@app/shared-types/sample-data';
import type { Db } from '../db/client';
import { allPages, type WriteContext } from '../db/entity';
import { assignedLeadCount } from '../leads';
import { deleteEmployee, employeeEntity, getEmployeeForDelete } from './employee-repo';

const keptMessage = (name: string, leads: number) =>
  `${name} has ${leads} lead${leads === 1 ? '' : 's'} assigned: reassign ${leads === 1 ? 'it' : 'them'}, then remove the sample data again`;

/**
 * 'Remove sample data' (issue 25): deletes exactly the items marked as sample
 * data (the first-start salespeople), each as one plan with its audit entry,
 * conditioned on the record as read. One with leads assigned is kept and said
 * so (leads are the firm's own data). Running it again removes what is left.
 */
export async function removeSampleData(db: Db, ctx: WriteContext): Promise<SampleDataRemoval> {
  const everyone = await allPages((start) => employeeEntity.list(db, employeeEntity.source('byName', {}), { limit: 100, start }));
  const result: SampleDataRemoval = { removed: [], kept: [] };
  for (const person of everyone.filter((employee) => employee.isSample)) {
    const read = await getEmployeeForDelete(db, person.id);
    if (!read?.employee.isSample) continue;
    const leads = await assignedLeadCount(db, person.id);
    if (leads > 0) {
      result.kept.push({ id: person.id, name: person.name, reason: keptMessage(person.name, leads) });
      continue;
    }
    const outcome = await deleteEmployee(db, read.employee, read.assignments, ctx);
    if (outcome === 'deleted') result.removed.push({ id: person.id, name: person.name });
    else result.kept.push({ id: person.id, name: person.name, reason: `${person.name} changed meanwhile: remove the sample data again` });
  }
  return result;
}
