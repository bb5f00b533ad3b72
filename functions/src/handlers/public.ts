import { handle } from 'hono/aws-lambda';
import { createApp } from '../app';
import { dbFromEnv } from '../db/client';
import { lambdaClientIp } from './client-ip';
import { originSecretFromEnv, requireOriginSecret } from './origin-verify';

/**
 * Lambda entry point of the public surface (API Gateway HTTP API, payload v2). Requests
 * without CloudFront's origin secret (ORIGIN_VERIFY_SECRET_ARN) get 403 before the app runs.
 */
const originSecret = originSecretFromEnv();
const app = createApp({ db: dbFromEnv(), clientIp: lambdaClientIp(), siteUrl: process.env.SITE_URL || undefined });

export const handler = requireOriginSecret(originSecret, handle(app));
