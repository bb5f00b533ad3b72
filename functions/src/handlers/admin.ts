import { handle } from 'hono/aws-lambda';
import { createApp } from '../app';
import { secretsManagerSigningKey } from '../auth/signing-key-aws';
import { dbFromEnv } from '../db/client';
import { allowedOriginsFrom } from '../lib/origins';
import { s3PhotoStorage } from '../photos/s3-photo-storage';
import { kmsFieldCrypto } from '../secrets/field-crypto';
import { lambdaClientIp } from './client-ip';
import { originSecretFromEnv, requireOriginSecret } from './origin-verify';

/**
 * Lambda entry point of the admin surface (API Gateway routes every /api path
 * the public function does not own here). The session signing key comes from
 * the secret named by JWT_SECRET_ARN, read on the first request that needs it.
 * Behind CloudFront the API sees its own execute-api host, not the site's, so
 * the CSRF guard recognises the site by Sec-Fetch-Site: same-origin or by
 * ALLOWED_ORIGINS. Project photos go to the bucket named by PHOTOS_BUCKET. Employees'
 * personal data is sealed with data keys of the KMS key PII_KMS_KEY_ID (only this function may use it). Requests without
 * CloudFront's origin secret (ORIGIN_VERIFY_SECRET_ARN) get 403 before the app runs.
 */
const originSecret = originSecretFromEnv();
const secretArn = process.env.JWT_SECRET_ARN;
const photosBucket = process.env.PHOTOS_BUCKET;
const piiKeyId = process.env.PII_KMS_KEY_ID;
const app = createApp({
  db: dbFromEnv(),
  clientIp: lambdaClientIp(),
  ...(secretArn ? { signingKey: secretsManagerSigningKey(secretArn) } : {}),
  ...(photosBucket ? { photos: s3PhotoStorage(photosBucket) } : {}),
  ...(piiKeyId ? { fieldCrypto: kmsFieldCrypto(piiKeyId) } : {}),
  secureCookies: true,
  allowedOrigins: allowedOriginsFrom(process.env.ALLOWED_ORIGINS),
  siteUrl: process.env.SITE_URL || undefined,
});

export const handler = requireOriginSecret(originSecret, handle(app));
