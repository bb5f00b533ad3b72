import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { getSiteInfoQueryOptions } from './features/site-info/api/get-site-info';
import { createQueryClient } from './lib/query-client';

const queryClient = createQueryClient();
// Fetch the firm's identity while the first page's code loads; header, footer and titles need it.
void queryClient.prefetchQuery(getSiteInfoQueryOptions());

// index.html carries a generic description for clients without JavaScript;
// each page renders its own, so the static one goes to avoid two descriptions.
document.querySelector('meta[name="description"][data-static]')?.remove();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
