import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { ADMIN_ROLES } from '@app/shared-types/auth';
import { isOneOf } from '@app/shared-types/guards';
import { INTEGRATION_PLATFORMS, integrationUpdateSchema, type IntegrationPlatform, type TestEventAnswer } from '@app/shared-types/integrations';
import type { AppEnv } from '../app-deps';
import { requireRole, writeContext } from '../auth';
import { errorBody, jsonBody, limitBody, requireJson } from '../lib/http';
import { access } from '../lib/route-access';
import type { FieldCrypto } from '../secrets/field-crypto';
import { getIntegration, integrationAnswer, openSecret, regenerateVerifyToken, saveIntegration } from './integration-repo';
import { TEST_LEADGEN_PREFIX, TEST_WHATSAPP_PREFIX } from './integration-tasks';
import { metaSignature, receiveGoogle, receiveMeta, type WebhookAnswer } from './webhooks';

const NO_CRYPTO = 'Integration secrets cannot be stored on this host';
export const STALE_INTEGRATION_MESSAGE = 'The integration was changed by someone else. Review it and save again.';

/** The platform named in the path, or undefined (answered 404). */
const platformOf = (c: Context<AppEnv>): IntegrationPlatform | undefined => {
  const platform = c.req.param('platform');
  return isOneOf(INTEGRATION_PLATFORMS, platform) ? platform : undefined;
};

/** A sample event of each platform, as the platform would send it. */
function sampleEvent(platform: IntegrationPlatform, pageId: string): object {
  const now = Math.floor(Date.now() / 1000);
  if (platform === 'meta') {
    return {
      object: 'page',
      entry: [{ id: pageId || '0', time: now, changes: [{ field: 'leadgen', value: { leadgen_id: `${TEST_LEADGEN_PREFIX}${randomUUID()}`, page_id: pageId || '0', form_id: 'test', created_time: now } }] }],
    };
  }
  if (platform === 'whatsapp') {
    return {
      object: 'whatsapp_business_account',
      entry: [{ id: '0', changes: [{ field: 'messages', value: { contacts: [{ wa_id: '919000000028', profile: { name: 'Test contact (WhatsApp)' } }], messages: [{ id: `${TEST_WHATSAPP_PREFIX}${randomUUID()}`, from: '919000000028', timestamp: String(now), type: 'text', text: { body: 'This is a test message from Settings > Integrations.' } }] } }] }],
    };
  }
  return {
    lead_id: `test-${randomUUID()}`,
    form_id: 'test',
    campaign_id: 'test',
    is_test: true,
    user_column_data: [
      { column_id: 'FULL_NAME', string_value: 'Test lead (Google Ads)' },
      { column_id: 'PHONE_NUMBER', string_value: '+91 90000 00027' },
    ],
  };
}

/**
 * 'Send test event': a sample signed with the stored secret (Meta's app
 * secret, the google_key) through the webhook's own code, checks and queue
 * included. What it answers is what the platform would have been answered.
 */
async function sendTestEvent(c: Context<AppEnv>, crypto: FieldCrypto, platform: IntegrationPlatform): Promise<WebhookAnswer> {
  const { db } = c.var.deps;
  const integration = await getIntegration(db, platform, true);
  const deps = { db, fieldCrypto: crypto, ctx: writeContext(c) };
  const event = sampleEvent(platform, integration.pageId);
  if (platform === 'google') {
    const key = await openSecret(crypto, integration, 'googleKey');
    return receiveGoogle(deps, Buffer.from(JSON.stringify({ ...event, google_key: key ?? '' })));
  }
  const raw = Buffer.from(JSON.stringify(event));
  const secret = await openSecret(crypto, integration, 'appSecret');
  return receiveMeta(deps, raw, secret === undefined ? undefined : metaSignature(raw, secret));
}

const TEST_MESSAGES: Record<number, string> = {
  200: 'Test event accepted',
  401: 'Test event refused: set the app secret first',
  403: 'Test event refused: set the google_key first',
};

/** Settings > Integrations (admins and superadmins): one integration per platform, its secrets write-only. */
export const integrations = new Hono<AppEnv>()
  .use(requireRole(...ADMIN_ROLES))
  .get('/', access.role('admin'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await Promise.all(INTEGRATION_PLATFORMS.map((platform) => integrationAnswer(c.var.deps.db, platform))), 200);
  })
  .put('/:platform', access.role('admin'), limitBody(), requireJson, jsonBody(integrationUpdateSchema), async (c) => {
    const platform = platformOf(c);
    if (!platform) return c.json(errorBody('No such integration'), 404);
    const { db, fieldCrypto } = c.var.deps;
    if (!fieldCrypto) return c.json(errorBody(NO_CRYPTO), 503);
    const result = await saveIntegration(db, fieldCrypto, platform, c.req.valid('json'), writeContext(c));
    if ('stale' in result) return c.json(errorBody(STALE_INTEGRATION_MESSAGE), 409);
    return c.json(result.saved, 200);
  })
  // 'Regenerate': a new verify token for Meta or WhatsApp (Google's google_key is typed in, a secret like the others).
  .post('/:platform/regenerate-token', access.role('admin'), async (c) => {
    const platform = platformOf(c);
    if (!platform) return c.json(errorBody('No such integration'), 404);
    if (platform === 'google') return c.json(errorBody('Google Ads has no verify token: set a new google_key instead'), 400);
    const result = await regenerateVerifyToken(c.var.deps.db, platform, writeContext(c));
    if ('stale' in result) return c.json(errorBody(STALE_INTEGRATION_MESSAGE), 409);
    return c.json(result.saved, 200);
  })
  .post('/:platform/test-event', access.role('admin'), async (c) => {
    const platform = platformOf(c);
    if (!platform) return c.json(errorBody('No such integration'), 404);
    const { fieldCrypto } = c.var.deps;
    if (!fieldCrypto) return c.json(errorBody(NO_CRYPTO), 503);
    const result = await sendTestEvent(c, fieldCrypto, platform);
    const message = result.status === 200 && result.ignored ? 'Test event received, but ignored: the integration is off' : (TEST_MESSAGES[result.status] ?? result.message);
    return c.json({ status: result.status, message } satisfies TestEventAnswer, 200);
  });
