import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { IntegrationAnswer } from '@app/shared-types/integrations';
import { renderPortalPage, replace } from '../../../test/portal';
import { findToast } from '../../../test/render';
import { server } from '../../../test/server';
import { IntegrationsPanel } from './integrations-panel';

/** Issue 26, Settings > Integrations: the refresh token, WhatsApp's template and 'Regenerate'. */

const health = { lastEventAt: null, lastError: '', lastErrorAt: null, accepted: 0, ignored: 0, failed: 0 };
const answer = (platform: IntegrationAnswer['platform'], extra: Partial<IntegrationAnswer> = {}): IntegrationAnswer => ({
  platform,
  isActive: true,
  webhookPath: platform === 'google' ? '/api/webhooks/google-ads' : '/api/webhooks/meta',
  verifyToken: platform === 'google' ? '' : `token-of-${platform}`,
  accountId: '',
  pageId: '',
  adAccountId: '',
  phoneNumberId: platform === 'whatsapp' ? '5566' : '',
  lastSync: null,
  configuration: { templateName: platform === 'whatsapp' ? 'lead_thank_you' : '', templateLanguage: 'en' },
  secretsSet: { refreshToken: platform === 'meta' },
  health,
  version: 1,
  ...extra,
});

function renderPanel() {
  let list = [answer('meta'), answer('google'), answer('whatsapp')];
  const puts: Record<string, unknown>[] = [];
  const regenerated: string[] = [];
  server.use(
    http.get('/api/integrations', () => HttpResponse.json(list)),
    http.put('/api/integrations/:platform', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown> & { configuration?: { templateName: string } };
      puts.push(body);
      if (body.configuration && !/^[a-z0-9_]*$/.test(body.configuration.templateName)) {
        return HttpResponse.json({ error: 'Validation failed', fields: { 'configuration.templateName': 'Template name may hold lowercase letters, digits and underscores only' } }, { status: 400 });
      }
      return HttpResponse.json(list.find((entry) => entry.platform === params.platform));
    }),
    http.post('/api/integrations/:platform/regenerate-token', ({ params }) => {
      regenerated.push(String(params.platform));
      list = list.map((entry) => (entry.platform === params.platform ? { ...entry, verifyToken: 'a-brand-new-token', version: entry.version + 1 } : entry));
      return HttpResponse.json(list.find((entry) => entry.platform === params.platform));
    }),
  );
  const rendered = renderPortalPage('/admin/settings', { path: '/admin/settings', Component: IntegrationsPanel, section: 'settings' });
  return { ...rendered, puts, regenerated };
}

describe('the Integrations cards', () => {
  it('shows the refresh token as set or not set, never its value', async () => {
    renderPanel();
    const meta = within(await screen.findByTestId('integration-meta'));
    expect((meta.getByLabelText('Refresh token') as HTMLInputElement).value).toBe('');
    expect(meta.getByLabelText('Refresh token').closest('.MuiFormControl-root')?.textContent).toContain('Set: leave blank to keep it');
    const google = within(screen.getByTestId('integration-google'));
    expect(google.getByLabelText('Refresh token').closest('.MuiFormControl-root')?.textContent).toContain('Not set');
  });

  it("saves WhatsApp's template name and language, and shows the server's message under the field", async () => {
    const { user, puts } = renderPanel();
    const card = within(await screen.findByTestId('integration-whatsapp'));
    expect((card.getByLabelText('Template language') as HTMLInputElement).value).toBe('en');
    await replace(user, card.getByLabelText('Template name'), 'Lead Thanks');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await card.findByText('Template name may hold lowercase letters, digits and underscores only')).toBeTruthy();
    await replace(user, card.getByLabelText('Template name'), 'lead_thanks');
    await replace(user, card.getByLabelText('Template language'), 'te');
    await user.click(card.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts.at(-1)).toMatchObject({ configuration: { templateName: 'lead_thanks', templateLanguage: 'te' } }));
    expect(puts.every((body) => !('refreshToken' in body) || body.refreshToken === undefined)).toBe(true);
  });

  it("asks before 'Regenerate', then shows the new verify token", async () => {
    const { user, regenerated } = renderPanel();
    const card = within(await screen.findByTestId('integration-whatsapp'));
    await user.click(card.getByRole('button', { name: 'Regenerate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate the verify token?' });
    expect(dialog.textContent).toContain('Paste the new one');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(regenerated).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(card.getByRole('button', { name: 'Regenerate' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Regenerate' }));
    await findToast('status', 'Verify token regenerated: paste the new one into the platform');
    expect(regenerated).toEqual(['whatsapp']);
    await waitFor(() => expect((within(screen.getByTestId('integration-whatsapp')).getByLabelText('Verify token') as HTMLInputElement).value).toBe('a-brand-new-token'));
    expect(within(screen.getByTestId('integration-google')).queryByRole('button', { name: 'Regenerate' })).toBeNull();
  });
});
