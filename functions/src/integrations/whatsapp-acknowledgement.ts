import { GRAPH_API_VERSION } from '@app/shared-types/integrations';
import type { NotificationEvent } from '@app/shared-types/notifications';
import { whatsappDigits } from '@app/shared-types/phone';
import { TaskRefused, type TaskRunner } from '../lib/outbox-task';
import { getIntegration, openSecret, recordFetch } from './integration-repo';
import { graphBaseUrl } from './integration-tasks';

type WhatsappAcknowledgement = Extract<NotificationEvent, { kind: 'lead.whatsapp_acknowledgement' }>;

/** How long the Cloud API may take before the attempt counts as failed (the outbox tries again later). */
const CLOUD_API_TIMEOUT_MS = 5_000;

/** The Cloud API's message body: the integration's template, the lead's first name its one body parameter. */
export function templateMessage(to: string, template: { name: string; language: string }, firstName: string) {
  return {
    messaging_product: 'whatsapp',
    to,
    type: 'template',
    template: {
      name: template.name,
      language: { code: template.language },
      components: [{ type: 'body', parameters: [{ type: 'text', text: firstName }] }],
    },
  };
}

/**
 * Issue 26 (speed-to-lead): the WhatsApp template message to a new lead who agreed on the website's
 * form or wrote first, from the outbox (never on a request path), with its backoff:
 * `POST {base}/v21.0/{phone-number-id}/messages` with the integration's access token. While the
 * integration is off, or its phone number id, token or template is not set, it is skipped (nothing
 * sent, the reason kept on the outbox item). Each attempt's outcome shows in the WhatsApp
 * integration's health: a failure as its last error (counted failed when the outbox gives up), a
 * message sent as its lastSync.
 */
export const sendWhatsappAcknowledgement: TaskRunner<WhatsappAcknowledgement> = async (event, { db, fieldCrypto, ctx, final }) => {
  const integration = await getIntegration(db, 'whatsapp', true);
  const template = { name: integration.configuration.templateName, language: integration.configuration.templateLanguage };
  if (!integration.isActive) return { status: 'skipped', note: 'The WhatsApp integration is off' };
  if (!integration.phoneNumberId || !template.name) return { status: 'skipped', note: 'Set the phone number id and template name in Settings > Integrations' };
  const token = fieldCrypto ? await openSecret(fieldCrypto, integration, 'accessToken') : undefined;
  if (token === undefined) return { status: 'skipped', note: 'Set the WhatsApp access token in Settings > Integrations' };
  try {
    const to = whatsappDigits(event.phone);
    if (to.length < 10 || to.length > 15) throw new TaskRefused(`The lead's phone number cannot be reached on WhatsApp (${event.phone})`);
    const response = await fetch(`${graphBaseUrl()}/${GRAPH_API_VERSION}/${encodeURIComponent(integration.phoneNumberId)}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(templateMessage(to, template, event.firstName)),
      signal: AbortSignal.timeout(CLOUD_API_TIMEOUT_MS),
    });
    // The body is read either way (it frees the connection); a refusal's reason is Meta's error message.
    const answer = await response.text();
    if (!response.ok) {
      let reason = '';
      try {
        const body = JSON.parse(answer) as { error?: { message?: unknown } };
        reason = typeof body.error?.message === 'string' ? `: ${body.error.message.slice(0, 200)}` : '';
      } catch {
        // Not JSON: the status says enough.
      }
      throw new Error(`The WhatsApp Cloud API answered ${response.status} for the thank-you to lead ${event.leadId}${reason}`);
    }
  } catch (error) {
    await recordFetch(db, 'whatsapp', ctx, { error: error instanceof Error ? error.message : String(error), final: final(error) });
    throw error;
  }
  await recordFetch(db, 'whatsapp', ctx, { ok: true });
};
