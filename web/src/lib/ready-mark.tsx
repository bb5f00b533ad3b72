import { useEffect } from 'react';

/**
 * Marks the page interactive (html[data-ready]) once React has rendered or
 * hydrated it: a server-rendered page shows before its handlers are attached,
 * and the e2e tests wait for this before they click (test/e2e/fixtures.ts).
 */
export function ReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}
