import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, dbFromEnv, type Db } from '../db/client';
import { ensureTable } from './create-table';
import { waitForCommits } from './commit-wait';
import { startDynamoLocal, type DynamoLocal } from './dynamo-local';
import { keepDataPrivate } from './data-dir';

function findRepoRoot(from: string): string {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) return dir;
  }
  throw new Error(`No workspace root above ${from}`);
}

/**
 * The table a command-line tool (create-admin, upgrade-data) works on:
 * DYNAMODB_ENDPOINT if set; with `aws`, the AWS table TABLE_NAME (credentials
 * and AWS_REGION from the shell); otherwise the local data in DATA_DIR
 * (default .data), starting DynamoDB Local for it, so stop `npm start` first.
 * `stop` ends the DynamoDB Local it started, if any.
 */
export async function openCliTable(aws: boolean, env: NodeJS.ProcessEnv = process.env): Promise<{ db: Db; stop: () => Promise<void> }> {
  if (env.DYNAMODB_ENDPOINT) {
    return { db: createDb({ table: env.TABLE_NAME ?? 'interiors', endpoint: env.DYNAMODB_ENDPOINT, region: env.AWS_REGION ?? 'local' }), stop: async () => {} };
  }
  if (aws) return { db: dbFromEnv(env), stop: async () => {} };
  const root = findRepoRoot(dirname(fileURLToPath(import.meta.url)));
  const dataDir = resolve(root, env.DATA_DIR ?? '.data');
  keepDataPrivate(dataDir);
  const dynamo: DynamoLocal = await startDynamoLocal({ dataDir: join(dataDir, 'dynamodb') });
  const db = createDb({ table: env.TABLE_NAME ?? 'interiors', endpoint: dynamo.endpoint, region: 'local' });
  waitForCommits(db);
  try {
    await ensureTable(db);
  } catch (error) {
    await dynamo.stop();
    throw error;
  }
  return { db, stop: () => dynamo.stop() };
}
