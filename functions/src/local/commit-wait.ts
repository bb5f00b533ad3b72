import { GetItemCommand, type AttributeValue, type TransactWriteItem } from '@aws-sdk/client-dynamodb';
import type { Db } from '../db/client';
import { TABLE_DEFINITION } from '../db/table-definition';

/**
 * DynamoDB Local answers a TransactWriteItems a few milliseconds before its
 * SQLite commit is on disk (seen with strace: the answer leaves before the
 * journal is deleted), so a laptop killed right after a form's 201 could lose
 * the lead (4 of 14 trials in the issue-24 attack; 3 of 14 here). Its single
 * writes are committed, fsync and all, before they answer, and it has no flag
 * that changes this. So the local host reads one item the transaction wrote,
 * strongly consistent, before passing the answer on: SQLite lets no reader
 * in while a commit holds its lock, so the read comes back only once the
 * commit is done (0 lost of 20 trials; `npm run bench`, 'Local durability').
 * One extra read per transaction, on the laptop only: AWS acknowledges
 * after its own durable commit.
 */
export function waitForCommits(db: Db): void {
  db.doc.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      if (context.commandName !== 'TransactWriteItemsCommand') return result;
      const first = 'TransactItems' in args.input ? args.input.TransactItems?.[0] : undefined;
      const key = first && !('Get' in first) ? keyOf(first) : undefined;
      if (key) await db.doc.send(new GetItemCommand({ TableName: db.table, Key: key, ConsistentRead: true, ProjectionExpression: '#pk', ExpressionAttributeNames: { '#pk': TABLE_DEFINITION.partitionKey } }));
      return result;
    },
    // After the document client's marshalling (initialize): the input is in AttributeValue form here.
    { step: 'serialize', name: 'waitForLocalCommit', priority: 'low' },
  );
}

function keyOf(item: TransactWriteItem): Record<string, AttributeValue> | undefined {
  const { partitionKey, sortKey } = TABLE_DEFINITION;
  const source = item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key ?? item.ConditionCheck?.Key;
  const pk = source?.[partitionKey];
  const sk = source?.[sortKey];
  return pk && sk ? { [partitionKey]: pk, [sortKey]: sk } : undefined;
}
