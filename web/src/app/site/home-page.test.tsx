import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/render';
import { HERO_IMAGE } from './home-page';

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

describe('home page hero', () => {
  it('is an image with its size, loaded first (fetchpriority=high) and preloaded, behind the heading', async () => {
    const { container } = renderRoute('/');
    await screen.findByRole('heading', { level: 1, name: 'Crafting Spaces That Inspire' });
    const hero = container.querySelector<HTMLImageElement>(`section[aria-labelledby="hero-title"] img[src="${HERO_IMAGE.src}"]`);
    expect(hero).not.toBeNull();
    expect(hero!.getAttribute('width')).toBe('1920');
    expect(hero!.getAttribute('height')).toBe('1080');
    expect(hero!.getAttribute('fetchpriority')).toBe('high');
    expect(hero!.getAttribute('loading')).toBe('eager');
    // Decorative: the heading names the section.
    expect(hero!.getAttribute('alt')).toBe('');
    const preload = document.head.querySelector(`link[rel="preload"][as="image"][href="${HERO_IMAGE.src}"]`);
    expect(preload?.getAttribute('fetchpriority')).toBe('high');
  });
});
