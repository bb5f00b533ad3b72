import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render';
import { INSTAGRAM_EMBED_SRC } from '../model';
import { ReelGallery } from './reel-gallery';

const REELS = ['https://www.instagram.com/reel/a/', 'https://www.instagram.com/reel/b/', 'https://www.instagram.com/reel/c/'];

/** An IntersectionObserver the test drives by hand. */
function stubIntersectionObserver() {
  const callbacks: IntersectionObserverCallback[] = [];
  class FakeObserver {
    constructor(callback: IntersectionObserverCallback) {
      callbacks.push(callback);
    }
    observe() {}
    disconnect() {}
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    enterViewport: () =>
      act(() => {
        for (const callback of callbacks) {
          const entry = { isIntersecting: true } satisfies Partial<IntersectionObserverEntry>;
          // The gallery reads only isIntersecting.
          callback([entry as IntersectionObserverEntry], {} as IntersectionObserver);
        }
      }),
  };
}

const embedScripts = () => document.querySelectorAll(`script[src="${INSTAGRAM_EMBED_SRC}"]`);

afterEach(() => vi.unstubAllGlobals());

describe('reel gallery', () => {
  it('shows poster links and loads the embed script once, only when near the viewport, surviving its failure', async () => {
    const observer = stubIntersectionObserver();
    renderRoute('/', { routes: [{ path: '/', element: <ReelGallery reels={REELS} /> }] });

    const posters = await screen.findAllByRole('link', { name: /Watch reel \d of our interiors on Instagram/ });
    expect(posters.map((link) => link.getAttribute('href'))).toEqual(REELS);
    expect(document.querySelectorAll('blockquote.instagram-media[data-instgrm-permalink]')).toHaveLength(3);
    expect(embedScripts()).toHaveLength(0);

    observer.enterViewport();
    observer.enterViewport();
    expect(embedScripts()).toHaveLength(1);
    const script = embedScripts()[0];
    expect(script instanceof HTMLScriptElement && script.async).toBe(true);

    act(() => {
      script?.dispatchEvent(new Event('error'));
    });
    expect(screen.getAllByRole('link', { name: /Watch reel/ })).toHaveLength(3);
  });
});
