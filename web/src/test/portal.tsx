import type { PublicUser } from '@app/shared-types/auth';
import { screen, type within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ComponentType } from 'react';
import { ADMIN_SECTIONS, type AdminRouteHandle } from '../app/admin/sections';
import { routesForHost } from '../app/router';
import { adminUserFixture } from './admin-fixtures';
import { signedInAs } from './handlers';
import { renderRoute } from './render';
import { server } from './server';

/**
 * What every portal page test does: one page alone at its path (with its
 * section handle, for the heading), a fresh query cache and router, and the
 * session of a user with `role` from MSW (GET /api/auth/me).
 */
export function renderPortalPage(url: string, { path, Component, section, role = 'admin' }: { path: string; Component: ComponentType; section?: string; role?: string }) {
  server.use(http.get('/api/auth/me', () => HttpResponse.json({ user: { id: 'u', name: 'Asha', email: 'a@x.in', role } })));
  const found = ADMIN_SECTIONS.find((item) => item.id === section);
  const handle: AdminRouteHandle = { title: found?.label ?? section ?? '', section: found };
  return renderRoute(url, { routes: [{ path, Component, handle }] });
}

/**
 * The whole portal (session check, login, layout and every section) at `url`, for
 * tests of the portal itself: signed in as `as` until the app logs out (MSW), or
 * signed out with `as: null`. With `host`, the routes that host gets (an admin host
 * serves the portal at '/').
 */
export function renderPortal(url: string, { as = adminUserFixture, host }: { as?: PublicUser | null; host?: string } = {}) {
  if (as) server.use(...signedInAs(as));
  return renderRoute(url, host ? { routes: routesForHost(host) } : {});
}

export type User = ReturnType<typeof renderRoute>['user'];
export type Scope = ReturnType<typeof within>;

/** Types into a field in one go (paste: typing letter by letter is what makes form tests slow). */
export async function enter(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

export async function replace(user: User, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.paste(text);
}

/** Picks `option` in the select labelled `label` inside `scope`. */
export async function choose(user: User, scope: Scope, label: string, option: string) {
  await user.click(scope.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}
