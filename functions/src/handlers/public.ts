import { handle } from 'hono/aws-lambda';
import { createApp } from '../app';
import { dbFromEnv } from '../db/client';
import { lambdaClientIp } from './client-ip';

/** Lambda entry point of the public surface (API Gateway HTTP API, payload v2). */
const app = createApp({ db: dbFromEnv(), clientIp: lambdaClientIp(), siteUrl: process.env.SITE_URL || undefined });

export const handler = handle(app);
