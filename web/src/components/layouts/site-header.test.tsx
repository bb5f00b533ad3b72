import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installIdleIntersectionObserver } from '../../test/idle-intersection-observer';
import { renderRoute } from '../../test/render';

installIdleIntersectionObserver();

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
