import { useCallback, useEffect, useRef } from 'react';

/**
 * How long a public form has been shown, for the server's bot check (a form
 * sent sooner than a person can fill it in is kept as spam). Measured with
 * the monotonic performance clock, so a device clock set wrong cannot make a
 * person look like a bot. `restart` when a cleared form is a new one.
 */
export function useFillTimer() {
  const shownAt = useRef<number | undefined>(undefined);
  useEffect(() => {
    shownAt.current = performance.now();
  }, []);
  const elapsedMs = useCallback(() => {
    const now = performance.now();
    return Math.max(0, Math.round(now - (shownAt.current ?? now)));
  }, []);
  const restart = useCallback(() => {
    shownAt.current = performance.now();
  }, []);
  return { elapsedMs, restart };
}
