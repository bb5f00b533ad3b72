import type { PublicUser } from '@app/shared-types/auth';
import { screen, within } from '@testing-library/react';
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

/** The date picker labelled `label` (form-date-field.tsx's FormDateField, date-field.tsx): its group of DD, MM and YYYY sections. */
export async function findDateField(scope: Scope, label: string | RegExp): Promise<HTMLElement> {
  // The picker's code loads on its first use (form-fields.tsx), which takes a while on a loaded machine.
  return scope.findByRole('group', { name: label }, { timeout: 20_000 });
}

/** What the date picker labelled `label` shows ('05/03/2026'; '' when empty). */
export async function dateShown(scope: Scope, label: string | RegExp) {
  const group = await findDateField(scope, label);
  const input = group.parentElement?.querySelector<HTMLInputElement>('input[aria-hidden="true"]');
  if (!input) throw new Error(`The date field '${String(label)}' has no value input`);
  return input.value;
}

/** Types `text` (DD/MM/YYYY, digits only are typed) into the date picker labelled `label`, from its day. */
export async function typeDate(user: User, scope: Scope, label: string | RegExp, text: string) {
  const group = await findDateField(scope, label);
  const day = within(group).getByRole('spinbutton', { name: 'Day' });
  await user.click(day);
  await user.keyboard('{Control>}a{/Control}{Backspace}');
  await user.keyboard(text.replace(/\D/g, ''));
}

/** An ISO date as a date field shows it: '2026-03-05' is '05/03/2026'. */
export function shownDate(iso: string) {
  return iso.split('-').reverse().join('/');
}

/** Whether the date picker labelled `label` is disabled (its sections are). */
export async function dateDisabled(scope: Scope, label: string | RegExp) {
  const group = await findDateField(scope, label);
  return within(group).getByRole('spinbutton', { name: 'Day' }).getAttribute('aria-disabled') === 'true';
}
