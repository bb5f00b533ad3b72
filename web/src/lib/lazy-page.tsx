import { lazy, useState, type ComponentType, type FunctionComponent } from 'react';

/** A page whose code is its own chunk, loaded on first render, or before it with `preload`. */
export interface LazyPage extends FunctionComponent {
  /** Loads the page's code; once it has, the page renders at once (no Suspense fallback). */
  preload(): Promise<void>;
}

/**
 * A route's page as a lazy chunk for the declarative router (the website:
 * site-main.tsx, entry-server.tsx). Unlike React.lazy alone, a page loaded
 * ahead with `preload` renders synchronously: the server renders the matched
 * page and the browser hydrates it with the same tree, with no fallback in
 * between. Until then it suspends to the nearest Suspense boundary (the site
 * layout's) as React.lazy does.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let Loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        Loaded = component;
      },
      (error: unknown) => {
        // A failed chunk (a deploy replaced it, the network dropped) may be asked for again.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => {
    await preload();
    return { default: Loaded! };
  });
  function Page() {
    // Keeps one element type for the life of this page: one mounted while loading stays under Lazy (no remount when the code arrives).
    const [loadedAtMount] = useState(Loaded !== undefined);
    return loadedAtMount && Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(Page, { preload });
}
