import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { handle } from 'hono/aws-lambda';
import * as webRenderer from '@app/web-renderer';
import { createFunctionApp } from '../app-assembly';
import { dbFromEnv } from '../db/client';
import { formTokenKeysFromOriginSecrets } from '../leads';
import { pageRenderer } from '../site';
import { lambdaClientIp } from './client-ip';
import { PUBLIC_FUNCTION_ROUTES } from './public-routes';
import { originSecretFromEnv, requireOriginSecret } from './origin-verify';

/**
 * Lambda entry point of the public surface (API Gateway HTTP API, payload v2). Requests
 * without CloudFront's origin secret (ORIGIN_VERIFY_SECRET_ARN) get 403 before the app runs. The
 * public forms' tokens are signed with a key derived from that same secret (leads/form-token.ts).
 */
const originSecret = originSecretFromEnv();
// The website's renderer is bundled in (esbuild, from the web's source: infra/src/constructs/api.ts);
// its template, the deployed build's site.html (the website's document) with its hashed asset tags, is copied beside this
// bundle at synthesis and read once per cold start. Without it (a bundle built only to test the
// API), page paths answer the JSON 404.
const templatePath = join(dirname(fileURLToPath(import.meta.url)), 'site.html');
const renderPage = existsSync(templatePath) ? pageRenderer(webRenderer, readFileSync(templatePath, 'utf8')) : undefined;
const app = createFunctionApp(PUBLIC_FUNCTION_ROUTES, {
  db: dbFromEnv(),
  clientIp: lambdaClientIp(),
  siteUrl: process.env.SITE_URL || undefined,
  renderPage,
  formTokenKeys: formTokenKeysFromOriginSecrets(originSecret),
});

export const handler = requireOriginSecret(originSecret, handle(app));
