import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import { MASKED_VALUE } from '@app/shared-types/audit';
import { DEFAULT_SECURITY_SETTINGS } from '@app/shared-types/auth';
import { isRecord } from '@app/shared-types/guards';
import { DEFAULT_PRICING_RATES } from '@app/shared-types/pricing';
import { DEFAULT_SETTINGS, storedSettingsSchema, type SettingsAnswer, type SettingsUpdate, type StoredSettingsItem } from '@app/shared-types/settings';
import { FIRST_START_COMPANY } from '@app/shared-types/site';
import type { FieldCrypto } from '../secrets/field-crypto';
import type { Db } from '../db/client';
import type { WriteContext } from '../db/entity';
import { conditions, defineItem, execute } from '../db/item';
import { keys } from '../db/keys';
import { plan, PlanConditionFailed } from '../db/plan';
import { isConditionalCheckFailed } from '../db/writes';

/** The one settings item (Settings screen, calculator rates, security): parsed, never cast. The website and the PDFs (letterhead, session timeout) read it. */
export const settingsKind = defineItem({ type: 'Settings', schema: storedSettingsSchema, key: () => keys.settings(), partition: 'SETTINGS', grants: { public: ['read'], pdf: ['read'], auth: ['read'], clientLink: ['read'] } });

/**
 * Every setting with the SPEC.md 9 defaults filled in (the first-start company
 * when none has been saved); never the SMTP password, only whether one is set.
 * The one shape every reader gets, from at most one read per request.
 */
export async function getSettings(db: Db): Promise<SettingsAnswer> {
  return answerOf(await settingsItem(db));
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
type StoredItem = StoredSettingsItem & Item;

/**
 * A group's fields: its stored value, else the same field at the top of the
 * item (where an older version may have kept it), else the SPEC.md 9 default.
 */
function filled<T extends object>(defaults: T, group: Item | undefined, item: Item): T {
  const result = { ...defaults };
  for (const field of Object.keys(defaults)) {
    const value = group?.[field] ?? item[field];
    // The value was checked by the update schema when it was saved (settingsUpdateSchema).
    if (value !== undefined && value !== null) Reflect.set(result, field, value);
  }
  return result;
}

/** The answer of a stored item (pricing is stored apart: the calculator reads it there). */
function answerOf(item: StoredItem): SettingsAnswer {
  const { smtpPasswordSealed, ...email } = item.email ?? {};
  const { pricing, ...business } = DEFAULT_SETTINGS.business;
  const social = item.company?.social;
  return {
    company: { ...filled(DEFAULT_SETTINGS.company, item.company, item), social: filled(DEFAULT_SETTINGS.company.social, isRecord(social) ? social : undefined, {}) },
    email: { ...filled(DEFAULT_SETTINGS.email, email, item), smtpPasswordSet: typeof smtpPasswordSealed === 'string' && smtpPasswordSealed !== '' },
    notifications: filled(DEFAULT_SETTINGS.notifications, item.notifications, item),
    security: filled(DEFAULT_SETTINGS.security, item.security, item),
    business: { ...filled(business, item.business, item), pricing: item.pricing ?? pricing },
    system: filled(DEFAULT_SETTINGS.system, item.system, item),
    version: item.version ?? 0,
  };
}

/** The settings item as read in this request, per table (oneSettingsRead), while the request lasts. */
const requestReads = new AsyncLocalStorage<{ open: boolean; items: Map<string, Promise<StoredItem>> }>();

/**
 * A request reads the settings item at most once: every settings read of the
 * request (its answer's shape whichever it is) shares the first one. A save
 * in the request forgets it, so what is read after a save is the saved item.
 * Work the request started and left running (a job on the local host) reads
 * afresh once the request has ended.
 */
export const oneSettingsRead: MiddlewareHandler = async (_c, next) => {
  const reads = { open: true, items: new Map<string, Promise<StoredItem>>() };
  try {
    await requestReads.run(reads, next);
  } finally {
    reads.open = false;
    reads.items.clear();
  }
};

/** The stored item (a consistent read), or {} when none has been saved; once per request. */
function settingsItem(db: Db): Promise<StoredItem> {
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

const retentionOf = (item: StoredItem): RetentionSetting => ({
  days: answerOf(item).system.dataRetentionDays,
  generation: item.retentionGeneration ?? 0,
});

/** The retention in force now (a consistent read). */
export async function getRetentionSetting(db: Db): Promise<RetentionSetting> {
  return retentionOf(await settingsItem(db));
}

/** The stored SMTP password, opened (for the mail sender); undefined when none is set. */
export async function smtpPassword(db: Db, crypto: FieldCrypto): Promise<string | undefined> {
  const sealed = (await settingsItem(db)).email?.smtpPasswordSealed;
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
    const from = new Map<string, unknown>(Object.entries(before[group]));
    const to = new Map<string, unknown>(Object.entries(after[group]));
    for (const field of new Set([...from.keys(), ...to.keys()])) {
      if (field === 'smtpPasswordSet') continue;
      const was = from.get(field) ?? null;
      const is = to.get(field) ?? null;
      if (JSON.stringify(was) !== JSON.stringify(is)) changes[`${group}.${field}`] = { before: was, after: is };
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
  const storedSealed = item.email?.smtpPasswordSealed;
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
  const next: StoredItem = {
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
    createdAt: item.createdAt ?? ctx.now,
    updatedAt: ctx.now,
  };
  const after = answerOf(next);
  const passwordChanged = sealed !== (typeof storedSealed === 'string' ? storedSealed : '');
  requestReads.getStore()?.items.delete(db.table);
  const save = settingsKind.put([], next, input.version === 0 ? {} : { replace: true, condition: conditions.version(input.version) });
  try {
    await plan(db, ctx)
      .write('settings', save)
      .audit({ entity: 'Settings', entityId: 'settings', action: 'update', changes: settingsChanges(before, after, passwordChanged) })
      .commit();
  } catch (error) {
    if (error instanceof PlanConditionFailed && error.has('settings')) return { stale: await getSettings(db) };
    throw error;
  }
  return { saved: after, previous: before };
}
