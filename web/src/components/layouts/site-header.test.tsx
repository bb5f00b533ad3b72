import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/render';

/**
 * The home page's reel gallery loads Instagram's embed script once it is near the viewport (at
 * once where there is no IntersectionObserver, as in jsdom), and remembers that for the test run
 * (isolate: false): an observer that never fires keeps it for the reel gallery's own test.
 */
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

describe('site header', () => {
  it("opens the phone menu (its own chunk, loaded on the first press) and closes it on a link", async () => {
    const { user, router } = renderRoute('/');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Mobile' });
    await user.click(within(menu).getByRole('link', { name: 'Projects' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull());
  });
});
