import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { createDb, type Db } from '../src/db/client';
import { ensureTable } from '../src/local/create-table';
import { waitForCommits } from '../src/local/commit-wait';
import { dynamoEndpoint } from './dynamo-endpoint';

/**
 * The local host's wait for DynamoDB Local's commits (local/commit-wait.ts):
 * after each acknowledged transaction, one strongly consistent read of an
 * item it wrote, before the caller sees the answer. What it buys (0 lost
 * transactions of 20 killed right after their answer, against 5-6 without) is
 * measured by `npm run bench` (durability-bench.ts): a kill trial is a JVM
 * start each, too slow for the suite.
 */
async function recordedDb(wait: boolean): Promise<{ db: Db; sent: string[] }> {
  const db = createDb({ table: `test-${randomUUID()}`, endpoint: dynamoEndpoint(), region: 'local' });
  await ensureTable(db);
  if (wait) waitForCommits(db);
  const sent: string[] = [];
  db.doc.middlewareStack.add(
    (next, context) => async (args) => {
      const { input } = args;
      const consistent = 'ConsistentRead' in input && input.ConsistentRead ? ' consistent' : '';
      const key = 'Key' in input && input.Key ? ` ${JSON.stringify(input.Key)}` : '';
      sent.push(`${context.commandName}${consistent}${key}`);
      return next(args);
    },
    { step: 'initialize', name: 'recordCommands' },
  );
  return { db, sent };
}

const transaction = (db: Db) =>
  db.doc.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: db.table, Item: { pk: 'WAIT#1', sk: 'A', n: 1 } } },
        { Update: { TableName: db.table, Key: { pk: 'WAIT#1', sk: 'B' }, UpdateExpression: 'SET n = :n', ExpressionAttributeValues: { ':n': 2 } } },
      ],
    }),
  );

describe('waiting for DynamoDB Local to commit a transaction', () => {
  it('reads the first item a transaction wrote, strongly consistent, before the transaction answers', async () => {
    const { db, sent } = await recordedDb(true);
    await transaction(db);
    expect(sent).toEqual(['TransactWriteItemsCommand', 'GetItemCommand consistent {"pk":{"S":"WAIT#1"},"sk":{"S":"A"}}']);
  });

  it('adds nothing to single writes (committed before they answer) or without the wait', async () => {
    const waiting = await recordedDb(true);
    await waiting.db.doc.send(new PutCommand({ TableName: waiting.db.table, Item: { pk: 'WAIT#2', sk: 'A' } }));
    expect(waiting.sent).toEqual(['PutItemCommand']);
    const plain = await recordedDb(false);
    await transaction(plain.db);
    expect(plain.sent).toEqual(['TransactWriteItemsCommand']);
  });
});
