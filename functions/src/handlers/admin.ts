import { handle } from 'hono/aws-lambda';
import { createFunctionApp } from '../app-assembly';
import { secretsManagerSigningKey } from '../auth';
import { dbFromEnv } from '../db/client';
import { allowedOriginsFrom } from '../lib/origins';
import { s3PhotoStorage } from '../photos';
import { runOutboxSender, type SenderResult } from '../jobs/outbox';
import { TASK_RUNNERS } from '../jobs/tasks';
import { runSlaChecks } from '../leads';
import { systemContext } from '../db/entity';
import { log } from '../lib/log';
import { isOutboxTick, OUTBOX_TICK_BUDGET_MS } from '../notify';
import { smtpMailers } from '../notify';
import { kmsFieldCrypto, type FieldCrypto } from '../secrets/field-crypto';
import { s3BackupStorage, secretsManagerBackupKey } from '../backup';
import { backupClasses } from '../kinds';
import { lambdaJobRunner } from '../jobs/job-runner';
import { lambdaClientIp } from './client-ip';
import { ADMIN_FUNCTION_ROUTES } from './admin-routes';
import { originSecretFromEnv, requireOriginSecret } from './origin-verify';

/**
 * Lambda entry point of the admin surface (API Gateway routes every /api path
 * the public function does not own here). The session signing key comes from
 * the secret named by JWT_SECRET_ARN, read on the first request that needs it.
 * Behind CloudFront the API sees its own execute-api host, not the site's, so
 * the CSRF guard recognises the site by Sec-Fetch-Site: same-origin or by
 * ALLOWED_ORIGINS. Project photos go to the bucket named by PHOTOS_BUCKET. Employees'
 * personal data is sealed with data keys of the KMS key PII_KMS_KEY_ID (only this function may use it). Requests without
 * CloudFront's origin secret (ORIGIN_VERIFY_SECRET_ARN) get 403 before the app runs. Backup files live
 * in BACKUP_BUCKET (this function signs links to them, and checks a file to restore against the backup key,
 * BACKUP_KEY_SECRET_ARN); backup and restore jobs, and the re-stamp of stored
 * submissions after Settings > dataRetentionDays changed, run in the Jobs function (JOBS_FUNCTION_NAME), started by an async invoke.
 */
const originSecret = originSecretFromEnv();
const secretArn = process.env.JWT_SECRET_ARN;
const photosBucket = process.env.PHOTOS_BUCKET;
const piiKeyId = process.env.PII_KMS_KEY_ID;
const backupBucket = process.env.BACKUP_BUCKET;
const jobsFunction = process.env.JOBS_FUNCTION_NAME;
const backupKeyArn = process.env.BACKUP_KEY_SECRET_ARN;
const db = dbFromEnv();
const jobs = jobsFunction ? lambdaJobRunner(jobsFunction) : undefined;
const fieldCrypto: FieldCrypto | undefined = piiKeyId ? kmsFieldCrypto(piiKeyId) : undefined;
const mailer = smtpMailers(db, fieldCrypto);
const app = createFunctionApp(ADMIN_FUNCTION_ROUTES, {
  db,
  clientIp: lambdaClientIp(),
  ...(secretArn ? { signingKey: secretsManagerSigningKey(secretArn) } : {}),
  ...(photosBucket ? { photos: s3PhotoStorage(photosBucket) } : {}),
  ...(fieldCrypto ? { fieldCrypto } : {}),
  mailer,
  ...(backupBucket && jobs && backupKeyArn ? { backups: { storage: s3BackupStorage(backupBucket), key: secretsManagerBackupKey(backupKeyArn), runner: jobs, classes: backupClasses } } : {}),
  ...(jobs ? { jobs } : {}),
  secureCookies: true,
  allowedOrigins: allowedOriginsFrom(process.env.ALLOWED_ORIGINS),
  siteUrl: process.env.SITE_URL || undefined,
});

const api = requireOriginSecret(originSecret, handle(app));

/**
 * The notification outbox's sender (jobs/outbox.ts) runs here too, on the
 * EventBridge rule's tick every minute (notify/outbox-tick.ts): this function
 * holds the key that opens the SMTP password. Mail goes out over plain SMTP
 * (SES SMTP credentials, usually): no AWS permission is needed for it.
 */
export async function handler(event: Parameters<typeof api>[0], context: Parameters<typeof api>[1]) {
  if (isOutboxTick(event)) {
    // Speed-to-lead (issue 26): the first-response SLA check runs on the same minute tick (idempotent), before the sender sends what it rings.
    try {
      const sla = await runSlaChecks(db, Date.now(), systemContext(new Date().toISOString(), 'sla-check'));
      if (sla.due + sla.escalated > 0) log.info('first-response SLA check', { ...sla });
    } catch (error) {
      log.error('first-response SLA check failed', { error });
    }
    const result: SenderResult = await runOutboxSender(db, Date.now(), { mailer, tasks: TASK_RUNNERS, siteUrl: process.env.SITE_URL || undefined, budgetMs: OUTBOX_TICK_BUDGET_MS, ...(fieldCrypto ? { fieldCrypto } : {}) });
    if (result.claimed > 0) log.info('notification outbox run', { ...result });
    return result;
  }
  return api(event, context);
}
