import { describe, expect, it } from 'vitest';
import { inTurns } from './in-turns';

/** A promise and the function that settles it, for work that ends when a test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('inTurns', () => {
  it('runs at most `atOnce` at a time and answers the results in the items’ order, not the order they end in', async () => {
    const gates = Array.from({ length: 5 }, () => deferred<string>());
    let running = 0;
    let most = 0;
    const done = inTurns([0, 1, 2, 3, 4], 2, async (i) => {
      running++;
      most = Math.max(most, running);
      try {
        return await gates[i]!.promise;
      } finally {
        running--;
      }
    });
    await tick();
    expect(running).toBe(2);
    // The second item ends first: the third starts, and the answer keeps the items' order.
    gates[1]!.resolve('b');
    await tick();
    expect(running).toBe(2);
    for (const [i, value] of [[0, 'a'], [2, 'c'], [3, 'd'], [4, 'e']] as const) {
      gates[i]!.resolve(value);
      await tick();
    }
    expect(await done).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(most).toBe(2);
  });

  it('takes async iterables, and answers an empty list for no items', async () => {
    async function* numbers() {
      yield 1;
      yield 2;
      yield 3;
    }
    expect(await inTurns(numbers(), 4, async (n) => n * 10)).toEqual([10, 20, 30]);
    expect(await inTurns([], 4, async () => 1)).toEqual([]);
  });

  it('stops starting work at the first failure, and throws it only once the work already running has ended', async () => {
    const started: number[] = [];
    const slow = deferred<number>();
    let slowEnded = false;
    const done = inTurns([0, 1, 2, 3], 2, async (i) => {
      started.push(i);
      if (i === 0) {
        const value = await slow.promise;
        slowEnded = true;
        return value;
      }
      if (i === 1) throw new Error('item 1 failed');
      return i;
    });
    let settled = false;
    done.catch(() => undefined).finally(() => (settled = true));
    await tick();
    await tick();
    // Item 1 failed: nothing new starts, and the answer waits for item 0, still running.
    expect(started).toEqual([0, 1]);
    expect(settled).toBe(false);
    slow.resolve(0);
    await expect(done).rejects.toThrow('item 1 failed');
    expect(slowEnded).toBe(true);
    expect(started).toEqual([0, 1]);
  });
});
