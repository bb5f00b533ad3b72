import {
  CreateTableCommand,
  DescribeTableCommand,
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
  let table: TableDescription | undefined;
  try {
    table = (await db.doc.send(new DescribeTableCommand({ TableName: db.table }))).Table;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  if (table) {
    await addMissingIndexes(db, table);
    return false;
  }
  await db.doc.send(new CreateTableCommand(createTableInput(db.table)));
  return true;
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
