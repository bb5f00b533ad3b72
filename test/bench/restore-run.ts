/**
 * A restore's run in a process of its own, for backup-bench.ts, which kills it (SIGKILL) part way
 * and resumes the restore itself: the job BENCH_JOB on the table BENCH_TABLE at BENCH_ENDPOINT, its
 * backup files in BENCH_ROOT, signed with the key BENCH_KEY (hex). Without a runner, the restore's
 * next runs follow in this process (jobs/backup.ts runJob).
 */
import { join } from 'node:path';
import { staticBackupKey } from '@app/functions/backup/backup-key';
import { localBackupStorage } from '@app/functions/backup/backup-storage';
import { createDb } from '@app/functions/db/client';
import { runJob } from '@app/functions/jobs/backup';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const db = createDb({ table: env('BENCH_TABLE'), endpoint: env('BENCH_ENDPOINT'), region: 'local', timeouts: { requestTimeoutMs: 60_000 } });
const root = env('BENCH_ROOT');
await runJob(
  { db, storage: localBackupStorage(root).storage, key: staticBackupKey(Buffer.from(env('BENCH_KEY'), 'hex')), tmpDir: join(root, 'tmp') },
  { backupJob: { jobId: env('BENCH_JOB') } },
);
