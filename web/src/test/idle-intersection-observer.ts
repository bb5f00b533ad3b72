import { afterEach, beforeEach, vi } from 'vitest';

/**
 * For page tests that render the website's home page (directly or on the way elsewhere): the
 * home page's reel gallery loads Instagram's embed script once it is near the viewport (at once
 * where there is no IntersectionObserver, as in jsdom), and remembers that for the test run
 * (isolate: false). An observer that never fires, stubbed around each test of the calling file,
 * keeps that first load for the reel gallery's own test.
 */
export function installIdleIntersectionObserver() {
  beforeEach(() => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
        takeRecords() {
          return [];
        }
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());
}
