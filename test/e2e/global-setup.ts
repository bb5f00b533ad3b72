import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDynamoLocal } from '@app/functions/local/dynamo-local';
import { launchLocalServer } from '@app/functions/local/launch';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const E2E_TABLE = 'e2e';
/** The first superadmin the server creates on its empty table. */
export const E2E_ADMIN = { email: 'e2e-admin@example.com', password: 'e2e-Admin-pass-1', name: 'Administrator' };

/**
 * Starts a fresh in-memory DynamoDB Local and the built local server on a free
 * port (PORT=0) with its data folder in a temporary directory, waits for its
 * 'Listening on' line, and stops both (and removes the folder) at the end.
 */
export default async function globalSetup() {
  const dynamo = await startDynamoLocal();
  // The server's own files (signing key, uploaded photos) go to a folder of this run, not the laptop's .data.
  const dataDir = await mkdtemp(join(tmpdir(), 'e2e-data-'));
  const server = await launchLocalServer({
    cwd: root,
    args: ['functions/dist/local-server.js'],
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      TABLE_NAME: E2E_TABLE,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      // Each test sends its own X-Forwarded-For (fixtures.ts): a visitor of its own for the per-IP limits.
      TRUST_PROXY: '1',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
    },
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DYNAMODB_ENDPOINT = dynamo.endpoint;
  process.env.E2E_TABLE = E2E_TABLE;

  return async () => {
    await server.stop();
    await dynamo.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
