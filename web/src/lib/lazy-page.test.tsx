import { render, screen } from '@testing-library/react';
import { StrictMode, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page';

const later = (text: string) => () => new Promise<() => React.JSX.Element>((resolve) => setTimeout(() => resolve(() => <p>{text}</p>), 20));

describe('lazyPage', () => {
  it('shows the Suspense fallback until its code is there, then the page', async () => {
    const Page = lazyPage(later('the page'));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('the page')).toBeTruthy();
  });

  it('renders at once once preloaded: the server has no fallback in its HTML', async () => {
    const Page = lazyPage(later('rendered on the server'));
    const tree = (
      <StrictMode>
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>
      </StrictMode>
    );
    expect(renderToString(tree)).toContain('loading');
    await Page.preload();
    expect(renderToString(tree)).toContain('rendered on the server');
  });

  it('loads its code once, however many times it is asked', async () => {
    let loads = 0;
    const Page = lazyPage(async () => {
      loads += 1;
      return () => <p>once</p>;
    });
    await Promise.all([Page.preload(), Page.preload()]);
    await Page.preload();
    expect(loads).toBe(1);
  });

  it('asks again for code that failed to load', async () => {
    let attempts = 0;
    const Page = lazyPage(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('chunk failed');
      return () => <p>second try</p>;
    });
    await expect(Page.preload()).rejects.toThrow('chunk failed');
    await Page.preload();
    expect(attempts).toBe(2);
  });
});
