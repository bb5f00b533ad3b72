import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { isPortalPath } from '@app/shared-types/app-paths';
import { AppProviders } from '../app/providers';
import { routes as portalRoutes } from '../app/router';
import { siteRoutes } from '../app/site/site-route';
import { createQueryClient } from '../lib/query-client';

/**
 * Emotion writes MUI's styles into a detached element instead of <head>: jsdom
 * then has no style sheets to match, so getComputedStyle (called by every
 * *ByRole query, accessible-name lookup and MUI effect) stops walking hundreds of
 * rules per element. That was over a third of the page tests' time. The tests
 * check behaviour and what is visible to a screen reader, not CSS.
 *
 * One cache for every render in a worker: emotion compiles and inserts a style
 * (one <style> element per rule in development) only the first time it sees it,
 * instead of once per test (5% of a grid page's test time). The styles apply to
 * nothing, so sharing them changes nothing a test sees.
 */
const detachedStyles = createCache({ key: 'test', container: document.createElement('div') });

/**
 * Renders the app at `url` with the real providers and routes (or the given
 * ones) against the MSW handlers: the portal app's for its paths, else the
 * website's (shared-types app-paths.ts). Every call gets a fresh query cache.
 */
export function renderRoute(url: string, { routes = isPortalPath(new URL(url, 'http://localhost').pathname) ? portalRoutes : siteRoutes }: { routes?: RouteObject[] } = {}) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const user = userEvent.setup({ delay: null });
  const result = render(
    <CacheProvider value={detachedStyles}>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </CacheProvider>,
  );
  return { ...result, user, router, queryClient };
}

/** The toast showing `title`: role 'status' for default toasts, 'alert' for destructive ones. */
export function findToast(role: 'status' | 'alert', title: string) {
  return waitFor(() => {
    const toast = screen.getAllByRole(role).find((element) => within(element).queryByText(title));
    if (!toast) throw new Error(`No ${role} toast titled '${title}'`);
    return toast;
  });
}
