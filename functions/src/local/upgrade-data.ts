import { GetCommand, PutCommand, QueryCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client';
import { keys } from '../db/keys';
import { leadCounterDeltas, leadItem, toLead } from '../db/lead-repo';
import { counterUpdate, mergeDeltas } from '../db/stats-repo';
import { transactWrite } from '../db/writes';

/** Data version after the Leads CRM's indexes (the first upgrade). */
const LEADS_INDEXED = 1;

/**
 * Brings a laptop's data from an earlier version up to date: leads captured
 * before the CRM existed get the index keys the lead lists read (status and
 * follow-up indexes, search text) and are counted in the lead counters. Walks
 * the leads partition of gsi1 once, then records that in a marker item, so
 * later start-ups only read the marker. A lead already indexed is left alone.
 * Returns how many it upgraded.
 */
export async function upgradeLocalData(db: Db): Promise<number> {
  const marker = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.dataVersion(), ConsistentRead: true }));
  if (((marker.Item?.version as number | undefined) ?? 0) >= LEADS_INDEXED) return 0;
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
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...keys.dataVersion(), entityType: 'DataVersion', version: LEADS_INDEXED },
      ConditionExpression: 'attribute_not_exists(pk) OR version < :version',
      ExpressionAttributeValues: { ':version': LEADS_INDEXED },
    }),
  );
  return upgraded;
}
