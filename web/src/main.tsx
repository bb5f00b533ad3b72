import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter, routes } from './app/router';
import { getSiteInfoQueryOptions } from './features/site-info/api/get-site-info';
import { createQueryClient } from './lib/query-client';
import { hydrateState } from './lib/ssr-state';

const queryClient = createQueryClient();
// A public page rendered on the server (entry-server.tsx) carries the data it was rendered from.
const serverRendered = hydrateState(queryClient, document);
// Otherwise fetch the firm's identity while the first page's code loads; header, footer and titles need it.
if (!serverRendered) void queryClient.prefetchQuery(getSiteInfoQueryOptions());

// index.html carries a generic description for clients without JavaScript;
// each page renders its own, so the static one goes to avoid two descriptions.
document.querySelector('meta[name="description"][data-static]')?.remove();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * Marks the page interactive (html[data-ready]) once React has rendered or
 * hydrated it: a server-rendered page shows before its handlers are attached,
 * and the e2e tests wait for this before they click (test/e2e/fixtures.ts).
 */
function ReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}

/** The app; its router is created once the lazy routes it starts on are there. */
const app = () => (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
    <ReadyMark />
  </StrictMode>
);

if (serverRendered) {
  // The server rendered the matched pages' lazy chunks: load them before the
  // router starts, so the first client render is the same tree (no fallback, no mismatch).
  const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const lazy = route.lazy;
      if (typeof lazy !== 'function') return;
      Object.assign(route, { ...(await lazy()), lazy: undefined });
    }),
  );
  hydrateRoot(root, app());
} else {
  createRoot(root).render(app());
}
