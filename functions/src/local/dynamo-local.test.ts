import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { startDynamoLocal } from './dynamo-local';

/** The niceness of every thread of `pid` (Linux: field 19 of /proc/<pid>/task/<tid>/stat). */
function threadNiceness(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces) in parentheses start at field 3.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe.runIf(process.platform === 'linux')('DynamoDB Local', () => {
  it('runs every Java thread at a lower CPU priority when asked to yield the CPU (npm start), at the normal one otherwise', async () => {
    const yielding = await startDynamoLocal({ yieldCpu: true });
    const normal = await startDynamoLocal();
    try {
      const lowered = threadNiceness(yielding.pid!);
      expect(lowered.length).toBeGreaterThan(5);
      expect(new Set(lowered)).toEqual(new Set([10]));
      // Otherwise Java inherits this process's niceness (0, unless the tests themselves run niced).
      expect(new Set(threadNiceness(normal.pid!))).toEqual(new Set([getPriority()]));
    } finally {
      await Promise.all([yielding.stop(), normal.stop()]);
    }
  }, 60_000);
});
