import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { SETTINGS_MESSAGES, DEFAULT_ACKNOWLEDGEMENT } from '@app/shared-types/settings';
import { describe, expect, it } from 'vitest';
import { renderPortalPage, replace } from '../../test/portal';
import { findToast } from '../../test/render';
import { server } from '../../test/server';
import { SettingsPage } from './settings-page';

/** Issue 26: the thank-you email's switch and text, on Settings > Notifications. */
describe('Settings > Notifications: the thank-you email to new leads', () => {
  it('shows the switch and the text with its placeholders explained, and saves an edit', { timeout: 30_000 }, async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.put('/api/settings', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        const { smtpPassword: _password, ...email } = body.email as Record<string, unknown>;
        return HttpResponse.json({ message: SETTINGS_MESSAGES.updated, settings: { ...body, email: { ...email, smtpPasswordSet: false }, version: Number(body.version) + 1 } });
      }),
    );
    const { user } = renderPortalPage('/admin/settings?tab=notifications', { path: '/admin/settings', Component: SettingsPage, section: 'settings' });
    const toggle = (await screen.findByRole('switch', { name: 'Thank-you email to new leads' })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    const subject = screen.getByLabelText('Thank-you email subject') as HTMLInputElement;
    expect(subject.value).toBe(DEFAULT_ACKNOWLEDGEMENT.subject);
    const help = document.getElementById(subject.getAttribute('aria-describedby') ?? '')?.textContent ?? '';
    expect(help).toContain('{name}');
    expect(help).toContain('{companyName}');
    await replace(user, subject, 'Thank you, {name}');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await findToast('status', SETTINGS_MESSAGES.updated);
    expect(bodies[0]!.notifications).toMatchObject({ acknowledgeLeads: true, acknowledgementSubject: 'Thank you, {name}', acknowledgementBody: DEFAULT_ACKNOWLEDGEMENT.body });
    expect(within(document.body).queryByText(/may use \{name\} and \{companyName\} only/)).toBeNull();
  });
});
