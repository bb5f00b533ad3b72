import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ProjectStatus } from '@app/shared-types/constants';
import { customerName } from '@app/shared-types/customers';
import type { Db } from '../db/client';
import { customerEntity, getCustomers } from '../db/customer-repo';
import { mergedCounterWrites, systemContext, type ItemKey, type ListSource } from '../db/entity';
import { keys } from '../db/keys';
import { leadEntity } from '../db/lead-repo';
import { projectEntity } from '../db/project-repo';
import { vendorEntity } from '../db/vendor-repo';
import { isConditionalCheckFailed, isTransactionCanceled, transactWrite } from '../db/writes';
import { firstStartProjects } from './first-start-content';

/** Data version after the Leads CRM's indexes (the first upgrade). */
const LEADS_INDEXED = 1;
/** Data version after sample projects got customers and the portal's project indexes. */
const PROJECTS_MANAGED = 2;
/** Data version after leads, customers, projects and vendors got their search token index. */
const SEARCH_INDEXED = 3;
const CURRENT_VERSION = SEARCH_INDEXED;

/**
 * Brings a laptop's data from an earlier version up to date, each step once:
 * leads captured before the CRM existed get the index keys the lead lists
 * read and are counted (indexLeads); sample projects from before Project
 * Management get customers (upgradeSampleProjects); every searchable item gets
 * its search tokens (indexSearch). The version reached is recorded in a marker
 * item, so later start-ups only read the marker. Returns how many leads and
 * projects it upgraded.
 */
export async function upgradeLocalData(db: Db): Promise<{ leads: number; projects: number }> {
  const marker = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.dataVersion(), ConsistentRead: true }));
  const version = typeof marker.Item?.version === 'number' ? marker.Item.version : 0;
  if (version >= CURRENT_VERSION) return { leads: 0, projects: 0 };
  const leads = version < LEADS_INDEXED ? await indexLeads(db) : 0;
  const projects = version < PROJECTS_MANAGED ? await upgradeSampleProjects(db) : 0;
  // Leads indexed just now already have their tokens.
  if (version < SEARCH_INDEXED) await indexSearch(db, version < LEADS_INDEXED);
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

/** Every item of a list partition, page by page (an upgrade's walk, never a request path). */
async function forEachItem(db: Db, list: ListSource, visit: (item: Record<string, unknown>) => Promise<void>, onlyUnindexed = false) {
  let start: ItemKey | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: list.index,
        KeyConditionExpression: `${list.index}pk = :pk`,
        ...(onlyUnindexed ? { FilterExpression: 'attribute_not_exists(gsi2pk)' } : {}),
        ExpressionAttributeValues: { ':pk': list.pk },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) await visit(item);
    start = page.LastEvaluatedKey;
  } while (start);
}

async function indexLeads(db: Db): Promise<number> {
  let upgraded = 0;
  await forEachItem(
    db,
    leadEntity.source('newest', {}),
    async (item) => {
      const lead = leadEntity.parse(item);
      await transactWrite(db, [
        {
          Put: {
            TableName: db.table,
            Item: leadEntity.stored(lead),
            ConditionExpression: 'version = :version AND attribute_not_exists(gsi2pk)',
            ExpressionAttributeValues: { ':version': lead.version },
          },
        },
        ...leadEntity.searchIndexWrites(db, lead),
        ...mergedCounterWrites(db, leadEntity.counterDeltas(null, lead)),
      ]);
      upgraded++;
    },
    true,
  );
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
  for (const { customer: sample, project: sampleProject } of firstStartProjects(new Date().toISOString())) {
    const { Item: old } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.project(sampleProject.id), ConsistentRead: true }));
    if (!old || typeof old.internalStatus !== 'string' || typeof old.createdAt !== 'string') continue;
    const customer = { ...sample, createdAt: old.createdAt, updatedAt: old.createdAt };
    const project = { ...sampleProject, createdAt: old.createdAt, updatedAt: old.createdAt };
    const ctx = systemContext(new Date().toISOString(), 'upgrade');
    const [projectPut, ...projectRest] = projectEntity.createWrites(db, project, ctx, { counters: false });
    const oldStatus = old.internalStatus as ProjectStatus;
    await transactWrite(db, [
      ...customerEntity.createWrites(db, customer, ctx, { counters: false }),
      // Replaces the old item, only if it is still the old shape.
      { Put: { ...projectPut!.Put!, ConditionExpression: 'attribute_exists(internalStatus)' } },
      ...projectRest,
      // The old item was counted by its old status.
      ...mergedCounterWrites(db, customerEntity.counterDeltas(null, customer), projectEntity.counterDeltas({ ...project, status: oldStatus }, project)),
    ]);
    upgraded++;
  }
  return upgraded;
}

/**
 * Gives every lead, customer, project and vendor from before the search index
 * its search text and tokens (projects also the customer name they are
 * found by). Conditioned on the version read, so an edit made meanwhile
 * (which writes its own tokens) is left alone.
 */
/** An item edited meanwhile has its tokens from that edit: nothing to do. */
function skipChanged(error: unknown) {
  if (!isTransactionCanceled(error) && !isConditionalCheckFailed(error)) throw error;
}

async function indexSearch(db: Db, leadsDone: boolean) {
  const reindex = async <T extends { id: string; version: number }>(
    entity: { parse: (item: Record<string, unknown>) => T; stored: (item: T) => Record<string, unknown>; key: (id: string) => { pk: string; sk: string }; searchIndexWrites: (db: Db, item: T) => ReturnType<typeof leadEntity.searchIndexWrites> },
    value: T,
  ) => {
    const searchText = entity.stored(value).searchText;
    await transactWrite(db, [
      {
        Update: {
          TableName: db.table,
          Key: entity.key(value.id),
          UpdateExpression: 'SET searchText = :text',
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':text': searchText, ':version': value.version },
        },
      },
      ...entity.searchIndexWrites(db, value),
    ]).catch(skipChanged);
  };
  if (!leadsDone) await forEachItem(db, leadEntity.source('newest', {}), (item) => reindex(leadEntity, leadEntity.parse(item)));
  await forEachItem(db, customerEntity.source('byName', {}), (item) => reindex(customerEntity, customerEntity.parse(item)));
  await forEachItem(db, vendorEntity.source('all', {}), (item) => reindex(vendorEntity, vendorEntity.parse(item)));
  await forEachItem(db, projectEntity.source('all', {}), async (item) => {
    const project = projectEntity.parse(item);
    const customer = (await getCustomers(db, [project.customerId])).get(project.customerId);
    const named = { ...project, customerName: customer ? customerName(customer) : project.customerName };
    await reindex(projectEntity, named);
    if (named.customerName !== project.customerName) {
      await db.doc.send(
        new UpdateCommand({
          TableName: db.table,
          Key: keys.project(project.id),
          UpdateExpression: 'SET customerName = :name',
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':name': named.customerName, ':version': project.version },
        }),
      ).catch(skipChanged);
    }
  });
}
