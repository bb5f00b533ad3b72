/**
 * Runs the outbox sender on the local host: every `intervalMs`, and soon
 * after kick() (a request that may have written an event). Never two runs at
 * once in this process; a kick during a run makes one more run after it.
 * (Two processes may still run it together: the sender's claims keep each
 * item to one of them.)
 */
export function outboxLoop(run: () => Promise<unknown>, options: { intervalMs: number; kickDelayMs?: number; onError?: (error: unknown) => void }) {
  let running: Promise<void> | undefined;
  let again = false;
  let kickTimer: NodeJS.Timeout | undefined;
  const once = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await run();
        } catch (error) {
          options.onError?.(error);
        }
      } while (again);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };
  const interval = setInterval(() => void once(), options.intervalMs);
  interval.unref();
  return {
    /** Runs soon (after kickDelayMs, so a burst of writes makes one run). */
    kick() {
      if (kickTimer) return;
      kickTimer = setTimeout(() => {
        kickTimer = undefined;
        void once();
      }, options.kickDelayMs ?? 250);
      kickTimer.unref();
    },
    /** Runs now; resolves when this run (and any it made necessary) is done. */
    runNow: once,
    stop() {
      clearInterval(interval);
      if (kickTimer) clearTimeout(kickTimer);
    },
  };
}
