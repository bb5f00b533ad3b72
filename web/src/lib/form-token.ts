import { useCallback, useEffect, useRef } from 'react';
import { api, unwrap } from './api-client';

/** How long a submission waits for a token fetch still under way before it goes without one. */
const WAIT_AT_SUBMIT_MS = 2_000;

/**
 * The token a public form gets from the server when it is shown (GET
 * /api/form-token), sent back with the submission: the server measures from
 * it how long the form took to fill in, by its own clock (a form sent sooner
 * than a person can fill it in is kept as spam). A failed fetch never blocks
 * the visitor: the form is sent without a token (and kept, flagged).
 * `renew` when a cleared form is a new one.
 */
export function useFormToken() {
  const pending = useRef<Promise<string | undefined> | undefined>(undefined);
  const renew = useCallback(() => {
    pending.current = unwrap(api['form-token'].$get()).then(
      ({ token }) => token,
      () => undefined,
    );
  }, []);
  useEffect(() => {
    renew();
  }, [renew]);
  /** The token, once its fetch is done (or undefined: it failed, or is still under way after WAIT_AT_SUBMIT_MS). */
  const token = useCallback(async (): Promise<string | undefined> => {
    const current = pending.current;
    if (!current) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const gaveUp = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), WAIT_AT_SUBMIT_MS);
    });
    try {
      return await Promise.race([current, gaveUp]);
    } finally {
      clearTimeout(timer);
    }
  }, []);
  return { token, renew };
}
