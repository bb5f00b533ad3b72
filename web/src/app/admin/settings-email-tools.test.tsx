import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES } from '@app/shared-types/notifications';
import { SettingsPage } from './settings-page';
import { enter, renderPortalPage } from '../../test/portal';
import { findToast } from '../../test/render';
import { server } from '../../test/server';
import { outboxFixtures, outboxTaskFixture } from '../../features/notifications/test-fixtures';

const renderEmailTab = () => renderPortalPage('/admin/settings?tab=email', { path: '/admin/settings', Component: SettingsPage, section: 'settings' });

describe('Settings > Email: test email and outbox', () => {
  it("sends a test email to the address given and says so; an SMTP failure shows the server's error", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/settings/test-email', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: NOTIFICATION_MESSAGES.testSent, to: 'owner@example.com' });
      }),
    );
    const { user } = renderEmailTab();
    const card = (await screen.findByRole('heading', { name: 'Send test email' })).closest('.MuiCard-root') as HTMLElement;
    await enter(user, within(card).getByLabelText('Recipient (optional)'), 'owner@example.com');
    await user.click(within(card).getByRole('button', { name: 'Send test email' }));
    const done = await findToast('status', NOTIFICATION_MESSAGES.testSent);
    expect(done.textContent).toContain('Sent to owner@example.com');
    expect(bodies).toEqual([{ to: 'owner@example.com' }]);

    server.use(http.post('/api/settings/test-email', () => HttpResponse.json({ error: 'Test email failed: Invalid login: 535 Authentication failed' }, { status: 502 })));
    await user.click(within(card).getByRole('button', { name: 'Send test email' }));
    const failed = await findToast('alert', NOTIFICATION_MESSAGES.testFailed);
    expect(failed.textContent).toContain('535 Authentication failed');
  });

  it('lists failed emails with their error and retries one', async () => {
    const retried: string[] = [];
    let failed = outboxFixtures;
    server.use(
      http.get('/api/notifications/outbox', ({ request }) => {
        const status = new URL(request.url).searchParams.get('status');
        return HttpResponse.json({ items: status === 'failed' ? failed : [] });
      }),
      http.post('/api/notifications/outbox/:id/retry', ({ params }) => {
        retried.push(String(params.id));
        const item = { ...failed[0]!, status: 'pending', attempts: 0 };
        failed = [];
        return HttpResponse.json({ message: NOTIFICATION_MESSAGES.retryQueued, item });
      }),
    );
    const { user } = renderEmailTab();
    const row = await screen.findByRole('article', { name: 'Kalpa Design Studio: New lead: Lakshmi Varma' });
    expect(within(row).getByText('connect ECONNREFUSED 127.0.0.1:587 (ESOCKET)')).toBeTruthy();
    expect(within(row).getByText('To: office@kalpa.in')).toBeTruthy();
    expect(within(row).getByText(/6 attempts/)).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Retry' }));
    await findToast('status', NOTIFICATION_MESSAGES.retryQueued);
    expect(retried).toEqual(['o1']);
    expect(await screen.findByText('No failed emails.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Waiting' }));
    expect(await screen.findByText('No emails waiting.')).toBeTruthy();
  });

  it('lists an outbox task as a task, without recipients, and retries it like an email', async () => {
    const retried: string[] = [];
    server.use(
      http.get('/api/notifications/outbox', ({ request }) => HttpResponse.json({ items: new URL(request.url).searchParams.get('status') === 'failed' ? [outboxTaskFixture] : [] })),
      http.post('/api/notifications/outbox/:id/retry', ({ params }) => {
        retried.push(String(params.id));
        return HttpResponse.json({ message: NOTIFICATION_MESSAGES.retryQueued, item: { ...outboxTaskFixture, status: 'pending', attempts: 0 } });
      }),
    );
    const { user } = renderEmailTab();
    const row = await screen.findByRole('article', { name: 'Meta lead 4471' });
    expect(within(row).getByText('Task')).toBeTruthy();
    expect(within(row).getByText('Background task: no email')).toBeTruthy();
    expect(within(row).queryByText(/^To:/)).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Retry' }));
    await findToast('status', NOTIFICATION_MESSAGES.retryQueued);
    expect(retried).toEqual(['o2']);
  });

  it('shows neither on the other tabs', async () => {
    renderPortalPage('/admin/settings?tab=company', { path: '/admin/settings', Component: SettingsPage, section: 'settings' });
    expect(await screen.findByLabelText('Company Name')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Send test email' })).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Email outbox' })).toBeNull();
  });
});
