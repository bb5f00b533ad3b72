import { describe, expect, it } from 'vitest';
import { dummyHash, HashQueue, PASSWORD_LOG_N, hashPassword, hashQueue, hashStats, verifyAgainstDummy, verifyPassword } from './password';

describe('password hashing', () => {
  it('stores scrypt N=2^17 r=8 p=1 with a 16-byte salt and a 32-byte key, verifying only the right password', async () => {
    // Production's cost; the test run hashes at 2^14 (functions/test/setup.ts), the lowest a stored hash may name.
    expect(PASSWORD_LOG_N).toBe(17);
    const stored = await hashPassword('correct horse battery');
    const [scheme, logN, r, p, salt, hash] = stored.split('$');
    expect([scheme, logN, r, p]).toEqual(['scrypt', '14', '8', '1']);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(hash!, 'base64')).toHaveLength(32);
    expect(stored).not.toContain('correct horse');

    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batter', stored)).toBe(false);
    // The same password hashes differently each time (random salt).
    expect(stored.split('$')[4]).not.toBe(dummyHash().split('$')[4]);
  });

  it('never matches a malformed hash or one with out-of-range parameters', async () => {
    expect(await verifyPassword('anything', 'plain-text-password')).toBe(false);
    expect(await verifyPassword('anything', 'scrypt$30$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA')).toBe(false);
  });

  it('the dummy verification for unknown emails always fails', async () => {
    expect(await verifyAgainstDummy('whatever')).toBe(false);
  });
});

describe('the hash queue', () => {
  /** A fake slow hash: resolves when the test says so, and records how many run at once. */
  function fakeHashes() {
    let running = 0;
    let most = 0;
    const finish: (() => void)[] = [];
    const work = () =>
      new Promise<string>((resolve) => {
        running += 1;
        most = Math.max(most, running);
        finish.push(() => {
          running -= 1;
          resolve('done');
        });
      });
    return { work, finish, most: () => most, running: () => running };
  }
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('runs at most 2 hashes, queues 8 more in order, and refuses the 11th until a place frees', async () => {
    const queue = new HashQueue(2, 8);
    const fake = fakeHashes();
    const slots = Array.from({ length: 10 }, () => queue.reserve());
    expect(slots.every(Boolean)).toBe(true);
    expect(queue.reserve()).toBeUndefined();
    const done = slots.map((slot) => slot!.run(fake.work));
    await tick();
    expect(queue.size).toEqual({ running: 2, waiting: 8, held: 10 });
    expect(fake.running()).toBe(2);
    while (fake.finish.length) {
      fake.finish.shift()!();
      await tick();
    }
    expect(await Promise.all(done)).toEqual(Array(10).fill('done'));
    expect(fake.most()).toBe(2);
    expect(queue.size).toEqual({ running: 0, waiting: 0, held: 0 });
    // A place given back unused frees it too.
    const spare = Array.from({ length: 10 }, () => queue.reserve()!);
    expect(queue.reserve()).toBeUndefined();
    spare[0]!.release();
    spare[0]!.release(); // twice is once
    const again = queue.reserve();
    expect(again).toBeDefined();
    expect(queue.reserve()).toBeUndefined();
    for (const slot of [...spare, again!]) slot.release();
    expect(queue.size.held).toBe(0);
  });

  it('keeps its places when a hash fails', async () => {
    const queue = new HashQueue(1, 1);
    await expect(queue.reserve()!.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(queue.size).toEqual({ running: 0, waiting: 0, held: 0 });
  });

  it('verifications go through the process queue: an unknown email (dummy) runs in the same bound', async () => {
    const before = hashStats.runs;
    const slot = hashQueue.reserve()!;
    expect(hashQueue.size.held).toBe(1);
    expect(await verifyAgainstDummy('whatever', slot)).toBe(false);
    expect(hashStats.runs - before).toBe(1);
    expect(hashQueue.size.held).toBe(0);
  });
});
