import { chmodSync, mkdirSync } from 'node:fs';

/**
 * The local data folder (.data: the database, backups, keys, uploads) is the
 * owner's alone: the folder 0700, also one an older version left 0755, and
 * what this process and its children (DynamoDB Local) create from here on
 * 0600 and 0700, through the process's umask. Call it before anything is
 * written there.
 */
export function keepDataPrivate(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
}
