import { randomBytes } from 'node:crypto';
import * as yup from 'yup';
import { MASKED_VALUE } from '@app/shared-types/audit';
import {
  DEFAULT_TEMPLATE_LANGUAGE,
  INTEGRATION_SECRETS,
  WEBHOOK_PATHS,
  type IntegrationAnswer,
  type IntegrationHealth,
  type IntegrationPlatform,
  type IntegrationSecret,
  type IntegrationUpdate,
} from '@app/shared-types/integrations';
import type { Db } from '../db/client';
import type { WriteContext } from '../db/entity';
import { conditions, defineItem, queryPage, type Write } from '../db/item';
import { keys } from '../db/keys';
import { plan, PlanConditionFailed, type ShardedFigure, type WritePlan } from '../db/plan';
import type { FieldCrypto } from '../secrets/field-crypto';

/** The sealed attribute of each secret (the clear value is never stored). */
const SEALED: Record<IntegrationSecret, 'appSecretSealed' | 'accessTokenSealed' | 'refreshTokenSealed' | 'googleKeySealed'> = {
  appSecret: 'appSecretSealed',
  accessToken: 'accessTokenSealed',
  refreshToken: 'refreshTokenSealed',
  googleKey: 'googleKeySealed',
};

/**
 * One platform's integration (SPEC.md 3 crm_integrations: platform, isActive,
 * accessToken, refreshToken, accountId, pageId, adAccountId, webhookUrl,
 * lastSync, configuration), its secrets sealed with the field crypto like the
 * SMTP password. What its events came to is kept apart (healthFigure).
 */
export const integrationKind = defineItem({
  type: 'Integration',
  schema: yup.object({
    platform: yup.mixed<IntegrationPlatform>().oneOf(['meta', 'google', 'whatsapp']).required(),
    isActive: yup.boolean().default(false),
    verifyToken: yup.string().defined().default(''),
    accountId: yup.string().defined().default(''),
    pageId: yup.string().defined().default(''),
    adAccountId: yup.string().defined().default(''),
    phoneNumberId: yup.string().defined().default(''),
    webhookUrl: yup.string().defined().default(''),
    lastSync: yup.string().nullable().defined().default(null),
    // WhatsApp: the template a new lead who agreed (or wrote first) is sent; a blank name sends none.
    configuration: yup
      .object({
        templateName: yup.string().defined().default(''),
        templateLanguage: yup.string().defined().default(DEFAULT_TEMPLATE_LANGUAGE),
      })
      .defined()
      .default({ templateName: '', templateLanguage: DEFAULT_TEMPLATE_LANGUAGE }),
    appSecretSealed: yup.string().optional(),
    accessTokenSealed: yup.string().optional(),
    refreshTokenSealed: yup.string().optional(),
    googleKeySealed: yup.string().optional(),
    /** The last failure of the fetch queue (a Graph outage...), kept until the next success. */
    lastError: yup.string().defined().default(''),
    lastErrorAt: yup.string().nullable().defined().default(null),
    version: yup.number().defined().default(0),
    updatedAt: yup.string().defined().default(''),
  }),
  key: (platform: IntegrationPlatform) => keys.integration(platform),
  partition: 'INTEGRATION#*',
  // The webhooks (the auth function: it holds the key that opens the secrets) read it and count events.
  grants: { auth: ['read', 'write'] },
});
export type IntegrationItem = ReturnType<typeof integrationKind.parse>;

/** The claim of one webhook event, in the plan of the lead (or timeline entry) it made: an event is handled once, however often it comes. */
export const webhookClaimKind = defineItem({
  type: 'WebhookClaim',
  schema: yup.object({ at: yup.string().required() }),
  key: (platform: IntegrationPlatform, eventId: string) => keys.webhookClaim(platform, eventId),
  partition: 'WEBHOOKCLAIM#*',
});

/** One shard of a platform's health, in its integration's partition: events accepted, ignored and failed, and when the last came. */
export const integrationHealthKind = defineItem({
  type: 'IntegrationHealth',
  schema: yup.object({
    accepted: yup.number().integer().min(0).default(0),
    ignored: yup.number().integer().min(0).default(0),
    failed: yup.number().integer().min(0).default(0),
    lastEventAt: yup.string().optional(),
  }),
  key: (platform: IntegrationPlatform, shard: number) => ({ pk: keys.integration(platform).pk, sk: `HEALTH#${shard}` }),
  partition: 'INTEGRATION#*',
});

/** The health's shards, so that webhooks arriving together do not conflict. */
const HEALTH_SHARDS = 5;
export function healthFigure(platform: IntegrationPlatform, lastEventAt?: string): ShardedFigure {
  return {
    type: integrationHealthKind.type,
    shards: HEALTH_SHARDS,
    key: (shard) => integrationHealthKind.key(platform, shard),
    sets: { entityType: integrationHealthKind.type, ...(lastEventAt ? { lastEventAt } : {}) },
  };
}

/** Adds an event's outcome to the platform's health in a plan. */
export function countEvents(p: WritePlan, platform: IntegrationPlatform, counts: Partial<Record<'accepted' | 'ignored' | 'failed', number>>, at?: string): void {
  p.add(healthFigure(platform, at), counts, 'health');
}

/** The stored integration of a platform, or its defaults (off, nothing set) before its first save. */
export async function getIntegration(db: Db, platform: IntegrationPlatform, consistent = false): Promise<IntegrationItem> {
  return (await integrationKind.get(db, [platform], { consistent })) ?? integrationKind.parse({ platform });
}

/** How long a webhook may go on an integration read before (its secrets, on/off): a save elsewhere takes effect within this. */
const WEBHOOK_READ_TTL_MS = 2_000;
const recentReads = new Map<string, { at: number; item: Promise<IntegrationItem> }>();

/**
 * The integration as a webhook reads it: the read of the last two seconds in
 * this instance, so events arriving together read it once. A save in this
 * instance forgets it at once (saveIntegration); one elsewhere is seen within WEBHOOK_READ_TTL_MS.
 */
export function getIntegrationForWebhook(db: Db, platform: IntegrationPlatform): Promise<IntegrationItem> {
  const key = `${db.table}\u0000${platform}`;
  const now = Date.now();
  const recent = recentReads.get(key);
  if (recent && now - recent.at < WEBHOOK_READ_TTL_MS) return recent.item;
  const item = getIntegration(db, platform);
  item.catch(() => recentReads.delete(key));
  if (recentReads.size > 100) recentReads.clear();
  recentReads.set(key, { at: now, item });
  return item;
}

const healthNumbers = yup.object({
  accepted: yup.number().default(0),
  ignored: yup.number().default(0),
  failed: yup.number().default(0),
  lastEventAt: yup.string().optional(),
});

/** The platform's integration as Settings > Integrations shows it: secrets as set or not, health added up from its shards. */
export async function integrationAnswer(db: Db, platform: IntegrationPlatform): Promise<IntegrationAnswer> {
  const page = await queryPage(db, { pk: keys.integration(platform).pk, limit: HEALTH_SHARDS + 2 });
  const main = page.items.find((item) => item.sk === 'INTEGRATION');
  const item = integrationKind.parse(main ?? { platform });
  const health: IntegrationHealth = { lastEventAt: null, lastError: item.lastError, lastErrorAt: item.lastErrorAt, accepted: 0, ignored: 0, failed: 0 };
  for (const raw of page.items.filter((entry) => String(entry.sk).startsWith('HEALTH#'))) {
    const shard = healthNumbers.validateSync(raw, { stripUnknown: true });
    health.accepted += shard.accepted;
    health.ignored += shard.ignored;
    health.failed += shard.failed;
    if (shard.lastEventAt && (!health.lastEventAt || shard.lastEventAt > health.lastEventAt)) health.lastEventAt = shard.lastEventAt;
  }
  const secretsSet: IntegrationAnswer['secretsSet'] = {};
  for (const secret of INTEGRATION_SECRETS[platform]) secretsSet[secret] = Boolean(item[SEALED[secret]]);
  return {
    platform,
    isActive: item.isActive,
    webhookPath: WEBHOOK_PATHS[platform],
    verifyToken: item.verifyToken,
    accountId: item.accountId,
    pageId: item.pageId,
    adAccountId: item.adAccountId,
    phoneNumberId: item.phoneNumberId,
    lastSync: item.lastSync,
    configuration: { templateName: item.configuration.templateName, templateLanguage: item.configuration.templateLanguage },
    secretsSet,
    health,
    version: item.version,
  };
}

/** Opened secrets by their sealed text (a sealed value never changes: a new secret is a new text), so a webhook opens each once per instance. */
const opened = new Map<string, Promise<string>>();

/** The clear value of a secret of the integration, or undefined when it is not set. */
export function openSecret(crypto: FieldCrypto, item: IntegrationItem, secret: IntegrationSecret): Promise<string> | undefined {
  const sealed = item[SEALED[secret]];
  if (!sealed) return undefined;
  let value = opened.get(sealed);
  if (!value) {
    value = crypto.open(sealed);
    value.catch(() => opened.delete(sealed));
    if (opened.size > 50) opened.clear();
    opened.set(sealed, value);
  }
  return value;
}

export type SaveIntegrationResult = { saved: IntegrationAnswer } | { stale: true };

/**
 * Saves a platform's settings (admins): new secrets sealed, blank ones kept,
 * listed ones cleared; a verify token is generated at the first save. One plan
 * with its audit entry (secrets shown masked), on the version read.
 */
export async function saveIntegration(
  db: Db,
  crypto: FieldCrypto,
  platform: IntegrationPlatform,
  input: IntegrationUpdate & { version?: number },
  ctx: WriteContext,
): Promise<SaveIntegrationResult> {
  const before = await getIntegration(db, platform, true);
  const after: IntegrationItem = {
    ...before,
    isActive: input.isActive,
    accountId: input.accountId,
    pageId: input.pageId,
    adAccountId: input.adAccountId,
    phoneNumberId: input.phoneNumberId,
    webhookUrl: WEBHOOK_PATHS[platform],
    verifyToken: before.verifyToken || newVerifyToken(),
    // The template is WhatsApp's (the only platform that sends); left out, the stored one is kept.
    configuration: platform === 'whatsapp' && input.configuration ? { ...input.configuration } : before.configuration,
    version: before.version + 1,
    updatedAt: ctx.now,
  };
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const field of ['isActive', 'accountId', 'pageId', 'adAccountId', 'phoneNumberId'] as const) {
    if (before[field] !== after[field]) changes[field] = { before: before[field], after: after[field] };
  }
  for (const field of ['templateName', 'templateLanguage'] as const) {
    if (before.configuration[field] !== after.configuration[field]) changes[field] = { before: before.configuration[field], after: after.configuration[field] };
  }
  for (const secret of INTEGRATION_SECRETS[platform]) {
    const attribute = SEALED[secret];
    const given = input[secret];
    if (input.clear.includes(secret)) after[attribute] = undefined;
    else if (given) after[attribute] = await crypto.seal(given);
    if (before[attribute] !== after[attribute]) changes[secret] = { before: before[attribute] ? MASKED_VALUE : null, after: after[attribute] ? MASKED_VALUE : null };
  }
  const write: Write = integrationKind.put([platform], after, {
    replace: true,
    condition: before.version === 0 ? conditions.absent() : conditions.version(before.version),
  });
  try {
    await plan(db, ctx)
      .write('integration', write)
      .audit({ entity: integrationKind.type, entityId: platform, title: platform, action: before.version === 0 ? 'create' : 'update', changes })
      .commit();
  } catch (error) {
    if (error instanceof PlanConditionFailed && error.has('integration')) return { stale: true };
    throw error;
  } finally {
    recentReads.delete(`${db.table}\u0000${platform}`);
  }
  return { saved: await integrationAnswer(db, platform) };
}

/** A new verify token (what the platform is told to send back on its subscription check). */
const newVerifyToken = () => randomBytes(24).toString('base64url');

/**
 * 'Regenerate' (admins): a new verify token for a Meta-signed integration (Meta, WhatsApp); the old one is
 * refused by the subscription check from then on. One plan with its audit entry (the tokens masked), on the version read.
 */
export async function regenerateVerifyToken(db: Db, platform: IntegrationPlatform, ctx: WriteContext): Promise<SaveIntegrationResult> {
  const before = await getIntegration(db, platform, true);
  const after: IntegrationItem = {
    ...before,
    webhookUrl: WEBHOOK_PATHS[platform],
    verifyToken: newVerifyToken(),
    version: before.version + 1,
    updatedAt: ctx.now,
  };
  const write: Write = integrationKind.put([platform], after, {
    replace: true,
    condition: before.version === 0 ? conditions.absent() : conditions.version(before.version),
  });
  try {
    await plan(db, ctx)
      .write('integration', write)
      .audit({
        entity: integrationKind.type,
        entityId: platform,
        title: platform,
        action: before.version === 0 ? 'create' : 'update',
        changes: { verifyToken: { before: before.verifyToken ? MASKED_VALUE : null, after: MASKED_VALUE } },
      })
      .commit();
  } catch (error) {
    if (error instanceof PlanConditionFailed && error.has('integration')) return { stale: true };
    throw error;
  } finally {
    recentReads.delete(`${db.table}\u0000${platform}`);
  }
  return { saved: await integrationAnswer(db, platform) };
}

/** What the fetch queue found: a failure kept as the integration's last error (and, with `final`, counted failed); a success as its lastSync. */
export async function recordFetch(db: Db, platform: IntegrationPlatform, ctx: WriteContext, outcome: { error: string; final: boolean } | { ok: true }): Promise<void> {
  const p = plan(db, ctx);
  if ('ok' in outcome) {
    p.write('integration', integrationKind.update([platform], { set: { lastSync: ctx.now }, setIfMissing: { platform, entityType: integrationKind.type } }));
  } else {
    p.write('integration', integrationKind.update([platform], { set: { lastError: outcome.error, lastErrorAt: ctx.now }, setIfMissing: { platform, entityType: integrationKind.type } }));
    if (outcome.final) countEvents(p, platform, { failed: 1 });
  }
  await p.commit();
}

