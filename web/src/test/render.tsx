import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { routes as appRoutes } from '../app/router';
import { createQueryClient } from '../lib/query-client';

/**
 * Renders the app at `url` with the real providers and routes (or the given
 * ones) against the MSW handlers. Every call gets a fresh query cache.
 */
export function renderRoute(url: string, { routes = appRoutes }: { routes?: RouteObject[] } = {}) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const user = userEvent.setup({ delay: null });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
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
