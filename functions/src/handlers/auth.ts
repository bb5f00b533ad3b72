import { handle } from 'hono/aws-lambda';
import { createFunctionApp } from '../app-assembly';
import { secretsManagerSigningKey } from '../auth';
import { dbFromEnv } from '../db/client';
import { allowedOriginsFrom } from '../lib/origins';
import { kmsFieldCrypto } from '../secrets/field-crypto';
import { lambdaClientIp } from './client-ip';
import { AUTH_FUNCTION_ROUTES } from './auth-routes';
import { originSecretFromEnv, requireOriginSecret } from './origin-verify';

/**
 * Lambda entry point of signing in: API Gateway sends it the routes declared
 * `lambda: 'auth'` (lib/route-access.ts): POST /api/auth/login and
 * /api/auth/login/verify, GET /api/auth/registration, POST /api/auth/register
 * and GET /api/auth/me, none of which needs a session, and nothing else. It
 * runs only those routes (auth-routes.ts), with a role that reaches only the
 * items those routes read and write (infra AUTH_KEY_ACCESS): the account and its
 * email marker, its two-factor state, sessions, sign-in challenges, lockout and
 * rate-limit counters, Settings, and what a request for access creates. Sessions
 * are signed with the key named by JWT_SECRET_ARN; two-factor secrets are opened
 * and sealed with data keys of the KMS key PII_KMS_KEY_ID. Requests without
 * CloudFront's origin secret (ORIGIN_VERIFY_SECRET_ARN) get 403 before the app runs.
 */
const originSecret = originSecretFromEnv();
const secretArn = process.env.JWT_SECRET_ARN;
const piiKeyId = process.env.PII_KMS_KEY_ID;
const app = createFunctionApp(AUTH_FUNCTION_ROUTES, {
  db: dbFromEnv(),
  clientIp: lambdaClientIp(),
  ...(secretArn ? { signingKey: secretsManagerSigningKey(secretArn) } : {}),
  ...(piiKeyId ? { fieldCrypto: kmsFieldCrypto(piiKeyId) } : {}),
  secureCookies: true,
  allowedOrigins: allowedOriginsFrom(process.env.ALLOWED_ORIGINS),
  siteUrl: process.env.SITE_URL || undefined,
});

export const handler = requireOriginSecret(originSecret, handle(app));
