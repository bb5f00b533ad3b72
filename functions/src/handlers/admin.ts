import { handle } from 'hono/aws-lambda';
import { createApp } from '../app';
import { dbFromEnv } from '../db/client';
import { lambdaClientIp } from './client-ip';

/**
 * Lambda entry point of the admin surface (API Gateway routes every /api path
 * the public function does not own here). It runs the same app for now; it has
 * its own entry and role so the admin composition (auth, the signing key named
 * by JWT_SECRET_ARN) can grow here without reaching the public function.
 */
const app = createApp({ db: dbFromEnv(), clientIp: lambdaClientIp() });

export const handler = handle(app);
