import { handle } from 'hono/aws-lambda';
import { createFunctionApp } from '../app-assembly';
import { dbFromEnv } from '../db/client';
import { lambdaClientIp } from './client-ip';
import { CLIENT_LINK_FUNCTION_ROUTES } from './client-link-routes';
import { originSecretFromEnv, requireOriginSecret } from './origin-verify';

/**
 * Lambda entry point of a client's share link: API Gateway sends it the routes
 * declared `lambda: 'clientLink'` (lib/route-access.ts): GET
 * /api/quote-links/{token} and the client's answer (POST .../approve and
 * .../request-changes), and nothing else (the link's PDF is the PDF function's).
 * It runs only those routes (client-link-routes.ts), without a session key (no staff
 * route answers here), with a role that reaches only the items a quote's link
 * reads and an approval writes (infra CLIENT_LINK_KEY_ACCESS). Requests without
 * CloudFront's origin secret (ORIGIN_VERIFY_SECRET_ARN) get 403 before the app runs.
 */
const originSecret = originSecretFromEnv();
const app = createFunctionApp(CLIENT_LINK_FUNCTION_ROUTES, {
  db: dbFromEnv(),
  clientIp: lambdaClientIp(),
  siteUrl: process.env.SITE_URL || undefined,
});

export const handler = requireOriginSecret(originSecret, handle(app));
