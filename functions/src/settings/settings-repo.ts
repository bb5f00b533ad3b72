import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import { MASKED_VALUE } from '@app/shared-types/audit';
import { DEFAULT_SECURITY_SETTINGS, type SecuritySettings } from '@app/shared-types/auth';
import { DEFAULT_PRICING_RATES, type PricingRates } from '@app/shared-types/pricing';
import { DEFAULT_SETTINGS, storedSettingsSchema, type SettingsAnswer, type SettingsUpdate } from '@app/shared-types/settings';
import { FIRST_START_COMPANY, type CompanyProfile } from '@app/shared-types/site';
import type { FieldCrypto } from '../secrets/field-crypto';
import type { Db } from '../db/client';
import { auditEntryWrite, type WriteContext } from '../db/entity';
import { defineItem, execute } from '../db/item';
import { keys } from '../db/keys';
import { isConditionalCheckFailed, isTransactionCanceled, transactWrite } from '../db/writes';

export interface StoredSettings {
  company: CompanyProfile;
  pricing: PricingRates;
  /** sessionTimeout and maxLoginAttempts (SPEC.md 9 defaults until Settings saves others). */
  security: SecuritySettings;
  version: number;
}

/** The one settings item (Settings screen, calculator rates, security): parsed, never cast. The website and the PDFs (letterhead, session timeout) read it. */
export const settingsKind = defineItem({ type: 'Settings', schema: storedSettingsSchema, key: () => keys.settings(), partition: 'SETTINGS', grants: { public: ['read'], pdf: ['read'] } });

/** The settings item, or the first-start defaults when none has been saved. */
export async function getSettings(db: Db): Promise<StoredSettings> {
  const stored = await settingsItem(db);
  const company = groupOf(stored, 'company');
  return {
    company: { ...FIRST_START_COMPANY, ...company, social: { ...FIRST_START_COMPANY.social, ...groupOf(company, 'social') } },
    pricing: (stored.pricing as PricingRates | undefined) ?? DEFAULT_PRICING_RATES,
    security: { ...DEFAULT_SECURITY_SETTINGS, ...groupOf(stored, 'security') },
    version: typeof stored.version === 'number' ? stored.version : 0,
  };
}

/** Writes the first-start settings unless settings exist already. Returns whether it wrote. */
export async function createDefaultSettings(db: Db, now: string): Promise<boolean> {
  try {
    await execute(
      db,
      settingsKind.put([], { version: 1, company: { ...FIRST_START_COMPANY }, pricing: { ...DEFAULT_PRICING_RATES }, security: { ...DEFAULT_SECURITY_SETTINGS }, createdAt: now, updatedAt: now }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}


// ---------------------------------------------------------------------------
// Every group (Settings screen, GET/PUT /api/settings)

type Item = Record<string, unknown>;

const groupOf = (item: Item, name: string): Item => {
  const value = item[name];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Item) : {};
};

/**
 * A group's fields: its stored value, else the same field at the top of the
 * item (where an older version may have kept it), else the SPEC.md 9 default.
 */
function filled<T extends object>(defaults: T, group: Item, item: Item): T {
  const result: Item = {};
  for (const [field, fallback] of Object.entries(defaults)) result[field] = group[field] ?? item[field] ?? fallback;
  return result as T;
}

/** The answer of a stored item (pricing is stored apart: the calculator reads it there). */
function answerOf(item: Item): SettingsAnswer {
  const { smtpPasswordSealed, ...email } = groupOf(item, 'email');
  const { pricing, ...business } = DEFAULT_SETTINGS.business;
  const company = groupOf(item, 'company');
  return {
    company: { ...filled(DEFAULT_SETTINGS.company, company, item), social: filled(DEFAULT_SETTINGS.company.social, groupOf(company, 'social'), {}) },
    email: { ...filled(DEFAULT_SETTINGS.email, email, item), smtpPasswordSet: typeof smtpPasswordSealed === 'string' && smtpPasswordSealed !== '' },
    notifications: filled(DEFAULT_SETTINGS.notifications, groupOf(item, 'notifications'), item),
    security: filled(DEFAULT_SETTINGS.security, groupOf(item, 'security'), item),
    business: { ...filled(business, groupOf(item, 'business'), item), pricing: (item.pricing as PricingRates | undefined) ?? pricing },
    system: filled(DEFAULT_SETTINGS.system, groupOf(item, 'system'), item),
    version: typeof item.version === 'number' ? item.version : 0,
  };
}

/** The settings item as read in this request, per table (oneSettingsRead), while the request lasts. */
const requestReads = new AsyncLocalStorage<{ open: boolean; items: Map<string, Promise<Item>> }>();

/**
 * A request reads the settings item at most once: every settings read of the
 * request (its answer's shape whichever it is) shares the first one. A save
 * in the request forgets it, so what is read after a save is the saved item.
 * Work the request started and left running (a job on the local host) reads
 * afresh once the request has ended.
 */
export const oneSettingsRead: MiddlewareHandler = async (_c, next) => {
  const reads = { open: true, items: new Map<string, Promise<Item>>() };
  try {
    await requestReads.run(reads, next);
  } finally {
    reads.open = false;
    reads.items.clear();
  }
};

/** The stored item (a consistent read), or {} when none has been saved; once per request. */
function settingsItem(db: Db): Promise<Item> {
  const read = async () => (await settingsKind.get(db, [], { consistent: true })) ?? {};
  const reads = requestReads.getStore();
  if (!reads?.open) return read();
  let item = reads.items.get(db.table);
  if (!item) {
    item = read();
    reads.items.set(db.table, item);
    // A failed read is not kept: the next one in the request tries again.
    item.catch(() => reads.items.delete(db.table));
  }
  return item;
}

/**
 * Settings > dataRetentionDays and its generation: the settings version of the
 * save that last changed it (0: never changed). Stored submissions carry the
 * generation their expiry came from (submission-repo.ts), so a re-stamp of an
 * older value never overwrites a newer one's.
 */
export interface RetentionSetting {
  days: number;
  generation: number;
}

const retentionOf = (item: Item): RetentionSetting => ({
  days: answerOf(item).system.dataRetentionDays,
  generation: typeof item.retentionGeneration === 'number' ? item.retentionGeneration : 0,
});

/** The retention in force now (a consistent read). */
export async function getRetentionSetting(db: Db): Promise<RetentionSetting> {
  return retentionOf(await settingsItem(db));
}

/** Every setting with the SPEC.md 9 defaults filled in; never the SMTP password (only whether one is set). */
export async function getAllSettings(db: Db): Promise<SettingsAnswer> {
  return answerOf(await settingsItem(db));
}

/** The stored SMTP password, opened (for the mail sender); undefined when none is set. */
export async function smtpPassword(db: Db, crypto: FieldCrypto): Promise<string | undefined> {
  const sealed = groupOf(await settingsItem(db), 'email').smtpPasswordSealed;
  return typeof sealed === 'string' && sealed !== '' ? crypto.open(sealed) : undefined;
}

/** The SMTP password cannot be sealed: no field crypto on this host. */
export class NoSettingsCryptoError extends Error {
  constructor() {
    super('No field crypto to seal the SMTP password');
    this.name = 'NoSettingsCryptoError';
  }
}

/** Each changed field as group.field, before and after; the SMTP password only as set or not (masked). */
function settingsChanges(before: SettingsAnswer, after: SettingsAnswer, passwordChanged: boolean) {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const group of ['company', 'email', 'notifications', 'security', 'business', 'system'] as const) {
    const from = before[group] as unknown as Item;
    const to = after[group] as unknown as Item;
    for (const field of new Set([...Object.keys(from), ...Object.keys(to)])) {
      if (field === 'smtpPasswordSet') continue;
      if (JSON.stringify(from[field] ?? null) !== JSON.stringify(to[field] ?? null)) changes[`${group}.${field}`] = { before: from[field] ?? null, after: to[field] ?? null };
    }
  }
  if (passwordChanged) {
    changes['email.smtpPassword'] = { before: before.email.smtpPasswordSet ? MASKED_VALUE : null, after: after.email.smtpPasswordSet ? MASKED_VALUE : null };
  }
  return changes;
}

/** `previous`: the settings the save replaced (what changed decides which effects to run). */
export type SaveSettingsResult = { saved: SettingsAnswer; previous: SettingsAnswer } | { stale: SettingsAnswer };

/**
 * Saves every group at `input.version` (0: none saved yet), with its audit
 * entry in the same transaction. A blank or absent SMTP password keeps the
 * stored one; `smtpPasswordClear` removes it; a new one is sealed.
 */
export async function saveSettings(db: Db, crypto: FieldCrypto | undefined, input: SettingsUpdate, ctx: WriteContext): Promise<SaveSettingsResult> {
  const item = await settingsItem(db);
  const before = answerOf(item);
  if (before.version !== input.version) return { stale: before };
  const storedSealed = groupOf(item, 'email').smtpPasswordSealed;
  let sealed = typeof storedSealed === 'string' ? storedSealed : '';
  if (input.smtpPasswordClear) sealed = '';
  else if (input.email.smtpPassword) {
    if (!crypto) throw new NoSettingsCryptoError();
    sealed = await crypto.seal(input.email.smtpPassword);
  }
  const { smtpPassword: _password, ...email } = input.email;
  const { pricing, ...business } = input.business;
  const version = input.version + 1;
  // Only the groups: a field an older version kept at the top of the item would hide its group's value from the readers.
  const next: Item = {
    ...keys.settings(),
    entityType: 'Settings',
    company: input.company,
    email: { ...email, ...(sealed ? { smtpPasswordSealed: sealed } : {}) },
    notifications: input.notifications,
    security: input.security,
    business,
    pricing,
    system: input.system,
    version,
    // A new retention starts a new generation (the re-stamp job compares them); any other save keeps it.
    retentionGeneration: input.system.dataRetentionDays !== before.system.dataRetentionDays ? version : retentionOf(item).generation,
    createdAt: typeof item.createdAt === 'string' ? item.createdAt : ctx.now,
    updatedAt: ctx.now,
  };
  const after = answerOf(next);
  const passwordChanged = sealed !== (typeof storedSealed === 'string' ? storedSealed : '');
  requestReads.getStore()?.items.delete(db.table);
  try {
    await transactWrite(db, [
      {
        Put: {
          TableName: db.table,
          Item: next,
          ...(input.version === 0
            ? { ConditionExpression: 'attribute_not_exists(pk)' }
            : { ConditionExpression: '#version = :version', ExpressionAttributeNames: { '#version': 'version' }, ExpressionAttributeValues: { ':version': input.version } }),
        },
      },
      auditEntryWrite(db, ctx, { entity: 'Settings', entityId: 'settings', action: 'update', changes: settingsChanges(before, after, passwordChanged) }),
    ]);
  } catch (error) {
    if (isTransactionCanceled(error, 0)) return { stale: await getAllSettings(db) };
    throw error;
  }
  return { saved: after, previous: before };
}
