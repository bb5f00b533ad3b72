import { afterEach, describe, expect, it, vi } from 'vitest';
import { outboxLoop } from './outbox-loop';

afterEach(() => {
  vi.useRealTimers();
});

/** A run that waits until released, counting how many run at once. */
function gatedRun() {
  const state = { started: 0, running: 0, most: 0, release: [] as (() => void)[] };
  const run = async () => {
    state.started++;
    state.running++;
    state.most = Math.max(state.most, state.running);
    await new Promise<void>((resolve) => state.release.push(resolve));
    state.running--;
  };
  return { state, run };
}

describe('outboxLoop (the local host runs the sender)', () => {
  it('never runs twice at once; a request during a run makes exactly one more run after it', async () => {
    const { state, run } = gatedRun();
    const loop = outboxLoop(run, { intervalMs: 60_000 });
    const first = loop.runNow();
    const second = loop.runNow();
    const third = loop.runNow();
    await Promise.resolve();
    expect(state.started).toBe(1);
    state.release.shift()!();
    await vi.waitFor(() => expect(state.started).toBe(2));
    state.release.shift()!();
    await Promise.all([first, second, third]);
    expect(state.started).toBe(2);
    expect(state.most).toBe(1);
    loop.stop();
  });

  it('makes one run of a burst of kicks, and goes on after a failed run', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let runs = 0;
    const loop = outboxLoop(
      async () => {
        runs++;
        if (runs === 1) throw new Error('SMTP down');
      },
      { intervalMs: 10_000, kickDelayMs: 250, onError: (error) => errors.push(error) },
    );
    loop.kick();
    loop.kick();
    loop.kick();
    await vi.advanceTimersByTimeAsync(300);
    expect(runs).toBe(1);
    expect(errors).toHaveLength(1);
    // The interval keeps it going.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(2);
    loop.stop();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(runs).toBe(2);
  });
});
