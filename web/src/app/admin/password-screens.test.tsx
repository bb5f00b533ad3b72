import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { PASSWORD_MESSAGES } from '@app/shared-types/auth';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminUserFixture, employeeUserFixture } from '../../test/admin-fixtures';
import { enter, renderPortal } from '../../test/portal';
import { findToast } from '../../test/render';
import { server } from '../../test/server';

const TOKEN = 'a'.repeat(43);

beforeEach(() => {
  server.use(http.get('/api/auth/password-rules', () => HttpResponse.json({ passwordMinLength: 8 })));
});

describe("'Change password' from the header's account menu", () => {
  // A form of several fields in jsdom with MUI: slow beside other test files.
  it('checks the fields, shows the server refusal under its field, then changes the password with a toast', { timeout: 60_000 }, async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/auth/change-password', async ({ request }) => {
        const body = (await request.json()) as { currentPassword: string };
        bodies.push(body);
        if (body.currentPassword !== 'the-right-one') {
          return HttpResponse.json({ error: 'Current password is incorrect', fields: { currentPassword: 'Current password is incorrect' } }, { status: 400 });
        }
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user, router } = renderPortal('/admin', { as: employeeUserFixture });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/account/password'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Change password' })).toBeTruthy();
    expect(await screen.findByText('At least 8 characters')).toBeTruthy();

    // The rule of Settings and the confirmation, before any request.
    await enter(user, screen.getByLabelText('Current password'), 'not-the-one');
    await enter(user, screen.getByLabelText('New password'), 'short');
    await enter(user, screen.getByLabelText('Confirm new password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('New password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    expect(bodies).toHaveLength(0);

    await user.clear(screen.getByLabelText('New password'));
    await enter(user, screen.getByLabelText('New password'), 'Brand-new-pass');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await enter(user, screen.getByLabelText('Confirm new password'), 'Brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    expect(bodies).toEqual([{ currentPassword: 'not-the-one', newPassword: 'Brand-new-pass' }]);

    await user.clear(screen.getByLabelText('Current password'));
    await enter(user, screen.getByLabelText('Current password'), 'the-right-one');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const toast = await findToast('status', PASSWORD_MESSAGES.changed);
    expect(within(toast).getByText('Your other sessions have been signed out.')).toBeTruthy();
    expect(bodies.at(-1)).toEqual({ currentPassword: 'the-right-one', newPassword: 'Brand-new-pass' });
    await waitFor(() => expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe(''));
  });
});

describe("'Forgot password?' and the emailed link", () => {
  it('links the sign-in form to a request screen that gives the server its one answer', async () => {
    const asked: unknown[] = [];
    server.use(
      http.post('/api/auth/password-reset', async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ message: PASSWORD_MESSAGES.resetRequested }, { status: 202 });
      }),
    );
    const { user, router } = renderPortal('/admin', { as: null });
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot password' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/forgot-password');
    await enter(user, screen.getByLabelText('Email'), ' Asha@Kaveri-Studio.in ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.resetRequested)).toBeTruthy();
    expect(asked).toEqual([{ email: 'asha@kaveri-studio.in' }]);
    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(await screen.findByRole('button', { name: 'Access Admin Portal' })).toBeTruthy();
  });

  it('sets a new password from the link in the address, once, and says when the link no longer works', async () => {
    let used = false;
    const sent: unknown[] = [];
    server.use(
      http.post('/api/auth/password-reset/complete', async ({ request }) => {
        sent.push(await request.json());
        if (used) return HttpResponse.json({ error: PASSWORD_MESSAGES.invalidLink }, { status: 400 });
        used = true;
        return HttpResponse.json({ message: PASSWORD_MESSAGES.resetDone });
      }),
    );
    const first = renderPortal(`/admin/reset-password#token=${TOKEN}`, { as: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeTruthy();
    await enter(first.user, await screen.findByLabelText('New password'), 'Brand-new-pass');
    await enter(first.user, screen.getByLabelText('Confirm new password'), 'Brand-new-pass');
    await first.user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.resetDone)).toBeTruthy();
    expect(sent).toEqual([{ token: TOKEN, newPassword: 'Brand-new-pass' }]);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/admin');
    first.unmount();

    const again = renderPortal(`/admin/reset-password#token=${TOKEN}`, { as: null });
    await enter(again.user, await screen.findByLabelText('New password'), 'Another-pass-1');
    await enter(again.user, screen.getByLabelText('Confirm new password'), 'Another-pass-1');
    await again.user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.invalidLink)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/admin/forgot-password');
    again.unmount();

    // No token at all: said at once, with the way to a new link.
    renderPortal('/admin/reset-password', { as: null });
    expect(await screen.findByText(PASSWORD_MESSAGES.invalidLink, { exact: false })).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it("serves both screens under '/' on an admin host", async () => {
    const { user, router } = renderPortal('/', { as: null, host: 'admin.kaveri.example' });
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot password' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(adminUserFixture.role).toBe('admin');
  });
});
