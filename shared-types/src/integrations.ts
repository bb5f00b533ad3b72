import * as yup from 'yup';
import { text } from './forms';

/**
 * Lead sources that arrive by themselves (issue 26): Meta lead ads (Facebook
 * and Instagram), Google Ads lead forms and WhatsApp Business inbound
 * messages. One integration per platform (SPEC.md 3 crm_integrations), set up
 * in Settings > Integrations by admins.
 */
export const INTEGRATION_PLATFORMS = ['meta', 'google', 'whatsapp'] as const;
export type IntegrationPlatform = (typeof INTEGRATION_PLATFORMS)[number];

export const INTEGRATION_LABELS: Record<IntegrationPlatform, string> = {
  meta: 'Meta (Facebook and Instagram lead ads)',
  google: 'Google Ads lead forms',
  whatsapp: 'WhatsApp Business (Cloud API)',
};

/** The webhook path each platform posts to (Meta's serves WhatsApp too: `object: "whatsapp_business_account"`). */
export const WEBHOOK_PATHS: Record<IntegrationPlatform, string> = {
  meta: '/api/webhooks/meta',
  google: '/api/webhooks/google-ads',
  whatsapp: '/api/webhooks/meta',
};

/** The Graph API version the Meta and WhatsApp calls use. */
export const GRAPH_API_VERSION = 'v21.0';

/** The secrets of each platform: sealed when saved, never answered back (only whether each is set). */
export const INTEGRATION_SECRETS = {
  meta: ['appSecret', 'accessToken', 'refreshToken'],
  google: ['googleKey', 'refreshToken'],
  whatsapp: ['appSecret', 'accessToken', 'refreshToken'],
} as const satisfies Record<IntegrationPlatform, readonly string[]>;
export const INTEGRATION_SECRET_NAMES = ['appSecret', 'accessToken', 'refreshToken', 'googleKey'] as const;
export type IntegrationSecret = (typeof INTEGRATION_SECRET_NAMES)[number];

export const INTEGRATION_SECRET_LABELS: Record<IntegrationSecret, string> = {
  appSecret: 'App secret',
  accessToken: 'Access token',
  refreshToken: 'Refresh token',
  googleKey: 'google_key',
};

/**
 * The integration's SPEC `configuration`: for WhatsApp, the approved template a new lead who agreed
 * (or wrote first) is sent, and its language. A blank template name sends none.
 */
export interface IntegrationConfiguration {
  templateName: string;
  templateLanguage: string;
}
export const DEFAULT_TEMPLATE_LANGUAGE = 'en';
export const TEMPLATE_NAME_MESSAGE = 'Template name may hold lowercase letters, digits and underscores only';
export const TEMPLATE_LANGUAGE_MESSAGE = 'Template language must be a language code such as en, en_US, te or hi';

/** What a webhook's events came to: kept by the webhook and the fetch queue's writes. */
export interface IntegrationHealth {
  lastEventAt: string | null;
  lastError: string;
  lastErrorAt: string | null;
  accepted: number;
  ignored: number;
  failed: number;
}

/** GET /api/integrations: one per platform, secrets as set / not set. */
export interface IntegrationAnswer {
  platform: IntegrationPlatform;
  isActive: boolean;
  /** The path to paste into the platform, after the site's address. */
  webhookPath: string;
  /** Meta's hub.verify_token (generated; Meta and WhatsApp share the endpoint, each has its own). */
  verifyToken: string;
  accountId: string;
  pageId: string;
  adAccountId: string;
  /** WhatsApp: the phone number id the Cloud API sends from. */
  phoneNumberId: string;
  lastSync: string | null;
  /** WhatsApp's template for new leads (blank elsewhere). */
  configuration: IntegrationConfiguration;
  secretsSet: Partial<Record<IntegrationSecret, boolean>>;
  health: IntegrationHealth;
  version: number;
}

const id = (label: string) =>
  text()
    .max(64, `${label} is too long (64 characters at most)`)
    .matches(/^[A-Za-z0-9_.-]*$/, `${label} may hold letters, digits, '.', '_' and '-' only`)
    .default('');
const secret = (label: string) => text().max(512, `${label} is too long (512 characters at most)`).optional();

/** PUT /api/integrations/:platform. A secret left out (or blank) keeps the stored one; `clear` lists secrets to remove. */
export const integrationUpdateSchema = yup.object({
  isActive: yup.boolean().required('Say whether the integration is on'),
  accountId: id('Account id'),
  pageId: id('Page id'),
  adAccountId: id('Ad account id'),
  phoneNumberId: id('Phone number id'),
  appSecret: secret('App secret'),
  accessToken: secret('Access token'),
  googleKey: secret('google_key'),
  refreshToken: secret('Refresh token'),
  /** WhatsApp's template (other platforms keep theirs blank). */
  configuration: yup
    .object({
      templateName: text()
        .max(512, 'Template name is too long (512 characters at most)')
        .matches(/^[a-z0-9_]*$/, TEMPLATE_NAME_MESSAGE)
        .default(''),
      templateLanguage: text()
        .matches(/^[a-z]{2,3}(_[A-Z]{2})?$/, { message: TEMPLATE_LANGUAGE_MESSAGE, excludeEmptyString: false })
        .default(DEFAULT_TEMPLATE_LANGUAGE),
    })
    .default(undefined)
    .optional(),
  clear: yup.array(yup.mixed<IntegrationSecret>().oneOf([...INTEGRATION_SECRET_NAMES]).required()).default([]),
});
export type IntegrationUpdate = yup.InferType<typeof integrationUpdateSchema>;

/** POST /api/integrations/:platform/regenerate-token: Meta's and WhatsApp's verify token, made anew. */
export const REGENERATE_TOKEN_MESSAGE = 'Verify token regenerated: paste the new one into the platform';

/** POST /api/integrations/:platform/test-event: what the signed sample came to. */
export interface TestEventAnswer {
  status: number;
  message: string;
}
