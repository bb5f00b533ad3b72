import { Hono } from 'hono';
import { ADMIN_ROLES } from '@app/shared-types/auth';
import { SETTINGS_MESSAGES, settingsUpdateSchema } from '@app/shared-types/settings';
import { requireRole, writeContext } from '../auth/middleware';
import { getAllSettings, NoSettingsCryptoError, saveSettings } from '../db/settings-repo';
import { applySubmissionRetention, RETENTION_SAVE_BUDGET_MS } from '../jobs/submission-retention';
import type { Db } from '../db/client';
import type { AppEnv } from '../lib/deps';
import { errorBody, jsonBody, limitBody, requireJson } from '../lib/http';
import { log } from '../lib/log';
import { settingsSaved } from '../lib/settings-cache';

/** The whole settings object is a few KiB; the calculator rates and reels make it the largest form. */
const MAX_SETTINGS_BODY_BYTES = 32 * 1024;

export const STALE_SETTINGS_MESSAGE = 'Settings were changed by someone else. Review their values and save again.';
const NO_CRYPTO = 'The SMTP password cannot be stored on this host';

/**
 * A new dataRetentionDays reaches the submissions already stored: re-stamped
 * here within a budget, so the save answers promptly; the daily job finishes a
 * large table. The settings are saved whatever happens here.
 */
async function retentionChanged(db: Db) {
  try {
    await applySubmissionRetention(db, { deadlineMs: Date.now() + RETENTION_SAVE_BUDGET_MS });
  } catch (error) {
    log.error('submission retention not applied after the save; the daily job will', { error });
  }
}

/**
 * System Settings (SPEC.md 3), admin and superadmin only (PRODUCT.md). GET
 * answers every field with its default filled in; PUT saves the whole object
 * (version-checked, audited). The SMTP password is write-only.
 */
export const settings = new Hono<AppEnv>()
  .use(requireRole(...ADMIN_ROLES))
  .get('/', async (c) => c.json(await getAllSettings(c.var.deps.db), 200))
  .put('/', limitBody(MAX_SETTINGS_BODY_BYTES), requireJson, jsonBody(settingsUpdateSchema), async (c) => {
    const { db, fieldCrypto } = c.var.deps;
    try {
      const result = await saveSettings(db, fieldCrypto, c.req.valid('json'), writeContext(c));
      if ('stale' in result) return c.json({ ...errorBody(STALE_SETTINGS_MESSAGE), current: result.stale }, 409);
      settingsSaved(db.table, result.saved.system);
      if (result.saved.system.dataRetentionDays !== result.previous.system.dataRetentionDays) await retentionChanged(db);
      log.info('settings updated', { version: result.saved.version, requestId: c.var.requestId });
      return c.json({ message: SETTINGS_MESSAGES.updated, settings: result.saved }, 200);
    } catch (error) {
      if (!(error instanceof NoSettingsCryptoError)) throw error;
      log.error('SMTP password refused: no field crypto on this host', { path: c.req.path });
      return c.json(errorBody(NO_CRYPTO), 503);
    }
  });
