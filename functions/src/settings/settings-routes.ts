import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { ADMIN_ROLES } from '@app/shared-types/auth';
import { profilePhotoSetSchema, profilePhotoUploadSchema, type ProfilePhotoUploadTicket } from '@app/shared-types/employee-photos';
import { detectPhotoType, LOGO_SIZE_MESSAGE, MAX_LOGO_BYTES, PHOTO_TYPE_MESSAGE } from '@app/shared-types/photos';
import { SETTINGS_MESSAGES, settingsUpdateSchema } from '@app/shared-types/settings';
import { authOf, requireRole, writeContext } from '../auth';
import { getSettings, NoSettingsCryptoError, saveSettings } from './settings-repo';
import { SUBMISSION_RETENTION_TASK } from '../jobs/submission-retention';
import type { AppEnv } from '../app-deps';
import { errorBody, jsonBody, limitBody, requireJson } from '../lib/http';
import { log } from '../lib/log';
import { settingsSaved } from './settings-cache';
import { companyLogoKey, companyLogoStagingKey, photoUrl } from '../photos';
import { removeFiles } from '../photos';
import { access } from '../lib/route-access';

/** The whole settings object is a few KiB; the calculator rates and reels make it the largest form. */
const MAX_SETTINGS_BODY_BYTES = 32 * 1024;

export const STALE_SETTINGS_MESSAGE = 'Settings were changed by someone else. Review their values and save again.';
const NO_CRYPTO = 'The SMTP password cannot be stored on this host';
const NO_PHOTO_STORAGE = 'Logo uploads are not available on this server';
const UPLOAD_CHANGED = 'The upload changed while the logo was being checked. Upload the logo again.';

/**
 * A new dataRetentionDays reaches the submissions already stored through a
 * job (jobs/submission-retention.ts), started here and never waited for: the
 * save answers at once. If the job cannot be started, the daily job applies
 * the value; the settings are saved whatever happens here.
 */
async function retentionChanged(c: Context<AppEnv>) {
  const { jobs } = c.var.deps;
  if (!jobs) {
    log.warn('no job runner on this host: the daily job applies the new retention', { requestId: c.var.requestId });
    return;
  }
  try {
    await jobs.start({ task: SUBMISSION_RETENTION_TASK });
  } catch (error) {
    log.error('submission retention job not started; the daily job will apply it', { error, requestId: c.var.requestId });
  }
}

/**
 * System Settings (SPEC.md 3), admin and superadmin only (PRODUCT.md). GET
 * answers every field with its default filled in; PUT saves the whole object
 * (version-checked, audited). The SMTP password is write-only.
 */
export const settings = new Hono<AppEnv>()
  .use(requireRole(...ADMIN_ROLES))
  .get('/', access.role('admin'), async (c) => c.json(await getSettings(c.var.deps.db), 200))
  .put('/', access.role('admin'), limitBody(MAX_SETTINGS_BODY_BYTES), requireJson, jsonBody(settingsUpdateSchema), async (c) => {
    const { db, fieldCrypto } = c.var.deps;
    try {
      const result = await saveSettings(db, fieldCrypto, c.req.valid('json'), writeContext(c));
      if ('stale' in result) return c.json({ ...errorBody(STALE_SETTINGS_MESSAGE), current: result.stale }, 409);
      settingsSaved(db.table, result.saved.system);
      // A replaced or removed logo's file stays: a quote issued with it still prints it (quotations/letterhead-logo.ts).
      if (result.saved.system.dataRetentionDays !== result.previous.system.dataRetentionDays) await retentionChanged(c);
      log.info('settings updated', { version: result.saved.version, requestId: c.var.requestId });
      return c.json({ message: SETTINGS_MESSAGES.updated, settings: result.saved }, 200);
    } catch (error) {
      if (!(error instanceof NoSettingsCryptoError)) throw error;
      log.error('SMTP password refused: no field crypto on this host', { path: c.req.path });
      return c.json(errorBody(NO_CRYPTO), 503);
    }
  })
  // The logo (Settings > Company) through the photo pipeline: a signed form for one copy to a staging key of its own...
  .post('/logo-uploads', access.role('admin'), limitBody(), requireJson, jsonBody(profilePhotoUploadSchema), async (c) => {
    const storage = c.var.deps.photos;
    if (!storage) return c.json(errorBody(NO_PHOTO_STORAGE), 503);
    const { contentType } = c.req.valid('json');
    const uploadId = randomUUID();
    const form = await storage.createUpload(companyLogoStagingKey(uploadId, contentType), contentType, MAX_LOGO_BYTES);
    return c.json({ uploadId, ...form } satisfies ProfilePhotoUploadTicket, 201);
  })
  // ...then checked by its size and first bytes and published once; the answer is its URL, which becomes
  // company.companyLogo when the settings are saved (with their version, like every other field).
  .post('/logo', access.role('admin'), limitBody(), requireJson, jsonBody(profilePhotoSetSchema), async (c) => {
    const storage = c.var.deps.photos;
    if (!storage) return c.json(errorBody(NO_PHOTO_STORAGE), 503);
    const { uploadId, contentType } = c.req.valid('json');
    const staged = companyLogoStagingKey(uploadId, contentType);
    const key = companyLogoKey(uploadId, contentType);
    const stored = await storage.inspect(staged);
    if (!stored) return c.json(errorBody('Upload the logo before saving it', { logo: 'Upload incomplete' }), 400);
    // Bounded for the quotation PDFs, which embed it (quotations/pdf-image.ts).
    if (stored.size > MAX_LOGO_BYTES) {
      await removeFiles(c, [staged]);
      return c.json(errorBody(LOGO_SIZE_MESSAGE, { logo: LOGO_SIZE_MESSAGE }), 413);
    }
    if (detectPhotoType(stored.head) !== contentType) {
      await removeFiles(c, [staged]);
      return c.json(errorBody(PHOTO_TYPE_MESSAGE, { logo: PHOTO_TYPE_MESSAGE }), 415);
    }
    // 'exists': the same upload published by a racing request, whose file is the checked one too.
    const published = await storage.publish(staged, key, stored.version, contentType);
    if (published === 'changed') return c.json(errorBody(UPLOAD_CHANGED, { logo: UPLOAD_CHANGED }), 409);
    log.info('company logo uploaded', { key, by: authOf(c).employee.id });
    return c.json({ companyLogo: photoUrl(key) }, 201);
  });
