import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { SiteRoutes } from './app/site/site-route';
import { getSiteInfoQueryOptions } from './features/site-info/api/get-site-info';
import { createQueryClient } from './lib/query-client';
import { ReadyMark } from './lib/ready-mark';

/**
 * The website rendered whole in the browser, for a page the server did not render (the dev
 * server: site-boot.ts loads this only then). A server-rendered page gets no such app: only its
 * islands hydrate (web/src/lib/island.tsx).
 */
const queryClient = createQueryClient();
// Fetch the firm's identity while the page's code loads: header, footer and titles need it.
void queryClient.prefetchQuery(getSiteInfoQueryOptions());

const root = document.getElementById('root');
if (!root) throw new Error('site.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <SiteRoutes />
      </BrowserRouter>
    </AppProviders>
    <ReadyMark />
  </StrictMode>,
);
