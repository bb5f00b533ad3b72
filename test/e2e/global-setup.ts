import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startDynamoLocal } from '@app/functions/local/dynamo-local';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const E2E_TABLE = 'e2e';

/**
 * Starts a fresh in-memory DynamoDB Local and the built local server on a free
 * port (PORT=0), waits for its 'Listening on' line, and stops both at the end.
 */
export default async function globalSetup() {
  const dynamo = await startDynamoLocal();
  const server = spawn(process.execPath, ['functions/dist/local-server.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      TABLE_NAME: E2E_TABLE,
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseURL = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    server.stdout.on('data', onData);
    server.stderr.on('data', onData);
    server.once('exit', (code) => reject(new Error(`Server exited with ${code}:\n${output}`)));
  });
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_DYNAMODB_ENDPOINT = dynamo.endpoint;
  process.env.E2E_TABLE = E2E_TABLE;

  return async () => {
    server.kill('SIGTERM');
    await dynamo.stop();
  };
}
