import { GetCommand, PutCommand, QueryCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client';
import { keys } from '../db/keys';
import { leadCounterDeltas, leadItem, toLead } from '../db/lead-repo';
import type { ProjectStatus } from '@app/shared-types/constants';
import { customerName } from '@app/shared-types/customers';
import { createCustomerWrites, CUSTOMER_ADDED } from '../db/customer-repo';
import { createProjectWrites, projectCounterDeltas } from '../db/project-repo';
import { counterUpdate, mergeDeltas } from '../db/stats-repo';
import { firstStartProjects } from './first-start-content';
import { transactWrite } from '../db/writes';

/** Data version after the Leads CRM's indexes (the first upgrade). */
const LEADS_INDEXED = 1;
/** Data version after sample projects got customers and the portal's project indexes. */
const PROJECTS_MANAGED = 2;
const CURRENT_VERSION = PROJECTS_MANAGED;

/**
 * Brings a laptop's data from an earlier version up to date, each step once:
 * leads captured
 * before the CRM existed get the index keys the lead lists read (status and
 * follow-up indexes, search text) and are counted in the lead counters. Walks
 * the leads partition of gsi1 once); sample projects from before Project
 * Management get customers (upgradeSampleProjects). The version reached is
 * recorded in a marker item, so later start-ups only read the marker.
 * Returns how many leads and projects it upgraded.
 */
export async function upgradeLocalData(db: Db): Promise<{ leads: number; projects: number }> {
  const marker = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.dataVersion(), ConsistentRead: true }));
  const version = (marker.Item?.version as number | undefined) ?? 0;
  if (version >= CURRENT_VERSION) return { leads: 0, projects: 0 };
  const leads = version < LEADS_INDEXED ? await indexLeads(db) : 0;
  const projects = version < PROJECTS_MANAGED ? await upgradeSampleProjects(db) : 0;
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...keys.dataVersion(), entityType: 'DataVersion', version: CURRENT_VERSION },
      ConditionExpression: 'attribute_not_exists(pk) OR version < :version',
      ExpressionAttributeValues: { ':version': CURRENT_VERSION },
    }),
  );
  return { leads, projects };
}

async function indexLeads(db: Db): Promise<number> {
  let upgraded = 0;
  let start: Record<string, NativeAttributeValue> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        FilterExpression: 'attribute_not_exists(gsi2pk)',
        ExpressionAttributeValues: { ':pk': keys.leads() },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const lead = toLead(item);
      await transactWrite(db, [
        {
          Put: {
            TableName: db.table,
            Item: leadItem(lead),
            ConditionExpression: 'version = :version AND attribute_not_exists(gsi2pk)',
            ExpressionAttributeValues: { ':version': lead.version },
          },
        },
        counterUpdate(db, 'LEADS', mergeDeltas(leadCounterDeltas(lead, 1))),
      ]);
      upgraded++;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return upgraded;
}

/**
 * Before Project Management, the sample projects were the only projects and
 * had no customer ('client' was a name, 'internalStatus' the portal's status).
 * Each one still in that shape is rewritten as first-start seeding now writes
 * it, with its sample customer, in one transaction. Staff-made projects never
 * had the old shape.
 */
async function upgradeSampleProjects(db: Db): Promise<number> {
  let upgraded = 0;
  for (const { customer, project } of firstStartProjects(new Date().toISOString())) {
    const { Item: old } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.project(project.id), ConsistentRead: true }));
    if (!old || old.internalStatus === undefined) continue;
    const customerWrites = createCustomerWrites(db, { ...customer, createdAt: old.createdAt, updatedAt: old.createdAt }, { counters: false });
    const [projectPut] = createProjectWrites(db, { ...project, createdAt: old.createdAt, updatedAt: old.createdAt }, customerName(customer), {
      countOnCustomer: false,
      counters: false,
    });
    await transactWrite(db, [
      ...customerWrites,
      // Replaces the old item, only if it is still the old shape.
      { Put: { ...projectPut!.Put!, ConditionExpression: 'attribute_exists(internalStatus)' } },
      counterUpdate(
        db,
        'DASHBOARD',
        mergeDeltas(CUSTOMER_ADDED, projectCounterDeltas(project.status, 1), projectCounterDeltas(old.internalStatus as ProjectStatus, -1)),
      ),
    ]);
    upgraded++;
  }
  return upgraded;
}
