/**
 * Local durability, part of `npm run bench` (BENCH_ONLY=durability runs it
 * alone): DynamoDB Local on disk, one transaction acknowledged, the Java
 * process killed at once (SIGKILL, 0-10 ms later), started again, and the
 * transaction looked for. BENCH_DURABILITY_TRIALS (20) trials as the local
 * host runs it (waiting for each transaction's commit, local/commit-wait.ts)
 * and as plain DynamoDB Local answers. Prints how many acknowledged
 * transactions each lost.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { createDb } from '@app/functions/db/client';
import { waitForCommits } from '@app/functions/local/commit-wait';
import { ensureTable } from '@app/functions/local/create-table';
import { startDynamoLocal } from '@app/functions/local/dynamo-local';

const TRIALS = Number(process.env.BENCH_DURABILITY_TRIALS ?? 20);

async function lostOf(trials: number, wait: boolean): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'interiors-durability-'));
  let lost = 0;
  try {
    for (let trial = 0; trial <= trials; trial++) {
      const dynamo = await startDynamoLocal({ dataDir });
      const db = createDb({ table: 'durability', endpoint: dynamo.endpoint, region: 'local' });
      if (wait) waitForCommits(db);
      if (trial === 0) await ensureTable(db);
      else {
        const previous = await db.doc.send(new GetCommand({ TableName: db.table, Key: { pk: `TRIAL#${trial - 1}`, sk: 'A' } }));
        if (!previous.Item) lost++;
      }
      if (trial === trials) {
        await dynamo.stop();
        break;
      }
      const items = ['A', 'B', 'C', 'D'].map((sk) => ({ Put: { TableName: db.table, Item: { pk: `TRIAL#${trial}`, sk, text: 'x'.repeat(1000) } } }));
      await db.doc.send(new TransactWriteCommand({ TransactItems: items }));
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10));
      if (dynamo.pid) process.kill(dynamo.pid, 'SIGKILL');
      await dynamo.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return lost;
}

export async function durabilityBench() {
  console.log('\n# Local durability: a transaction acknowledged, then DynamoDB Local killed (SIGKILL) within 10 ms');
  const hosted = await lostOf(TRIALS, true);
  console.log(`  as the local host runs it (waits for the commit): ${hosted} of ${TRIALS} acknowledged transactions lost`);
  const plain = await lostOf(TRIALS, false);
  console.log(`  plain DynamoDB Local (answers before its commit):  ${plain} of ${TRIALS} lost`);
}
