import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_SECURITY_SETTINGS, type SecuritySettings } from '@app/shared-types/auth';
import { DEFAULT_PRICING_RATES, type PricingRates } from '@app/shared-types/pricing';
import { FIRST_START_COMPANY, type CompanyProfile } from '@app/shared-types/site';
import type { Db } from './client';
import { keys } from './keys';
import { isConditionalCheckFailed } from './writes';

export interface StoredSettings {
  company: CompanyProfile;
  pricing: PricingRates;
  /** sessionTimeout and maxLoginAttempts (SPEC.md 9 defaults until Settings saves others). */
  security: SecuritySettings;
  version: number;
}

/** The settings item, or the first-start defaults when none has been saved. */
export async function getSettings(db: Db): Promise<StoredSettings> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.settings() }));
  const stored = (Item ?? {}) as Partial<StoredSettings>;
  return {
    company: { ...FIRST_START_COMPANY, ...stored.company, social: { ...FIRST_START_COMPANY.social, ...stored.company?.social } },
    pricing: stored.pricing ?? DEFAULT_PRICING_RATES,
    security: { ...DEFAULT_SECURITY_SETTINGS, ...stored.security },
    version: stored.version ?? 0,
  };
}

/** Writes the first-start settings unless settings exist already. Returns whether it wrote. */
export async function createDefaultSettings(db: Db, now: string): Promise<boolean> {
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...keys.settings(),
          entityType: 'Settings',
          version: 1,
          company: FIRST_START_COMPANY,
          pricing: DEFAULT_PRICING_RATES,
          security: DEFAULT_SECURITY_SETTINGS,
          createdAt: now,
          updatedAt: now,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/**
 * One setting by name, at the top of the settings item or one level down
 * (Settings groups its fields: company, security, business...), or undefined
 * while none was saved: each reader falls back to its SPEC.md 9 default.
 */
export async function readSetting(db: Db, name: string): Promise<unknown> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.settings() }));
  if (!Item) return undefined;
  if (Item[name] !== undefined) return Item[name];
  for (const value of Object.values(Item)) {
    if (value && typeof value === 'object' && !Array.isArray(value) && (value as Record<string, unknown>)[name] !== undefined) return (value as Record<string, unknown>)[name];
  }
  return undefined;
}
