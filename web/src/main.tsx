import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { getSiteInfoQueryOptions } from './features/site-info/api/get-site-info';
import { createQueryClient } from './lib/query-client';
import { ReadyMark } from './lib/ready-mark';

/**
 * The portal in the browser (index.html): the admin SPA at /admin (or at / on
 * the admin host) and a client's quotation link. Client-rendered only; the
 * website is the other app (site.html, site-main.tsx).
 */
const queryClient = createQueryClient();
// The firm's identity (sign-in screen, sidebar, the quotation link's header and footer) loads beside the first screen's code.
void queryClient.prefetchQuery(getSiteInfoQueryOptions());
// index.html's generic description is for clients without JavaScript; screens set their own.
document.querySelector('meta[name="description"][data-static]')?.remove();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
    <ReadyMark />
  </StrictMode>,
);
