import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceInUseException,
  ResourceNotFoundException,
  UpdateTableCommand,
  type CreateTableCommandInput,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import type { Db } from '../db/client';
import { TABLE_DEFINITION } from '../db/table-definition';

/** CreateTable input built from the shared key schema (on-demand, like the CDK table). */
export function createTableInput(tableName: string): CreateTableCommandInput {
  const { partitionKey, sortKey, globalSecondaryIndexes } = TABLE_DEFINITION;
  const attributes = new Set<string>([partitionKey, sortKey]);
  for (const index of globalSecondaryIndexes) {
    attributes.add(index.partitionKey);
    attributes.add(index.sortKey);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: partitionKey, KeyType: 'HASH' },
      { AttributeName: sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: globalSecondaryIndexes.map((index) => ({
      IndexName: index.indexName,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
  };
}

/**
 * Creates the table unless it exists; a table made by an older version gets
 * the indexes added since. Returns true when it created the table.
 */
export async function ensureTable(db: Db): Promise<boolean> {
  const table = await describeTable(db);
  if (table) {
    await addMissingIndexes(db, table);
    return false;
  }
  try {
    await db.doc.send(new CreateTableCommand(createTableInput(db.table)));
  } catch (error) {
    // On a busy machine DynamoDB Local can take longer than the SDK's request
    // timeout to create the table; the SDK then asks again and hears that the
    // table exists ('Cannot create preexisting table'): it does, made by the
    // first request. Anything else is a real failure.
    if (!(error instanceof ResourceInUseException)) throw error;
    const made = await describeTable(db);
    if (!made) throw error;
    await addMissingIndexes(db, made);
  }
  return true;
}

async function describeTable(db: Db): Promise<TableDescription | undefined> {
  try {
    return (await db.doc.send(new DescribeTableCommand({ TableName: db.table }))).Table;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    return undefined;
  }
}

/**
 * One UpdateTable per missing index (DynamoDB creates one index per call and
 * refuses the next while one is still being built, so each is waited for).
 */
async function addMissingIndexes(db: Db, table: TableDescription) {
  const existing = new Set((table.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  const input = createTableInput(db.table);
  for (const index of input.GlobalSecondaryIndexes ?? []) {
    if (existing.has(index.IndexName)) continue;
    await db.doc.send(
      new UpdateTableCommand({
        TableName: db.table,
        AttributeDefinitions: input.AttributeDefinitions,
        GlobalSecondaryIndexUpdates: [{ Create: index }],
      }),
    );
    await waitUntilIndexesActive(db);
  }
}

/** Polls until the table and every index are ACTIVE (a minute at most). */
async function waitUntilIndexesActive(db: Db) {
  for (let attempt = 0; attempt < 600; attempt++) {
    const { Table } = await db.doc.send(new DescribeTableCommand({ TableName: db.table }));
    const busy = Table?.TableStatus !== 'ACTIVE' || (Table.GlobalSecondaryIndexes ?? []).some((index) => index.IndexStatus !== 'ACTIVE');
    if (!busy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the indexes of table '${db.table}' did not become active`);
}
