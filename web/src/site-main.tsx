import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { preloadSitePage, SiteRoutes } from './app/site/site-route';
import { getSiteInfoQueryOptions } from './features/site-info/api/get-site-info';
import { createQueryClient } from './lib/query-client';
import { ReadyMark } from './lib/ready-mark';
import { hydrateState } from './lib/ssr-state';

/**
 * The website in the browser (site.html, loaded by site-boot.ts): it hydrates the page the server
 * rendered (entry-server.tsx) from the data it was rendered with, and moves
 * between the public pages with the declarative router. The portal is the
 * other app (index.html, main.tsx).
 */
const queryClient = createQueryClient();
const serverRendered = hydrateState(queryClient, document);
// Without server rendering (the dev server), fetch the firm's identity while the page's code loads: header, footer and titles need it.
if (!serverRendered) void queryClient.prefetchQuery(getSiteInfoQueryOptions());

const root = document.getElementById('root');
if (!root) throw new Error('site.html has no #root element');

const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <SiteRoutes />
      </BrowserRouter>
    </AppProviders>
    <ReadyMark />
  </StrictMode>
);

/**
 * The server rendered the page's lazy chunk: load it first, so the first render
 * is the same tree (no fallback, no mismatch). Not a top-level await: the page's
 * chunk imports this entry's chunk, which would wait for itself. A chunk that
 * fails to load here is asked for again by the page, whose error boundary then
 * says so.
 */
void preloadSitePage(window.location.pathname)
  .catch(() => undefined)
  .then(() => {
    if (serverRendered) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
