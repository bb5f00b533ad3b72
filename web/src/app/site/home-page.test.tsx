import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installIdleIntersectionObserver } from '../../test/idle-intersection-observer';
import { renderRoute } from '../../test/render';
import { HERO_IMAGE } from './home-page';

installIdleIntersectionObserver();

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
