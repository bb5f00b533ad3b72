import { handle } from 'hono/aws-lambda';
import { createFunctionApp } from '../app-assembly';
import { secretsManagerSigningKey } from '../auth';
import { dbFromEnv } from '../db/client';
import { allowedOriginsFrom } from '../lib/origins';
import { s3PhotoStorage } from '../photos';
import { renderQuotationPdf } from '../quotations';
import { lambdaClientIp } from './client-ip';
import { PDF_FUNCTION_ROUTES } from './pdf-routes';
import { originSecretFromEnv, requireOriginSecret } from './origin-verify';

/**
 * Lambda entry point of the quotation PDFs: API Gateway sends it GET
 * /api/quotations/{id}/pdf (staff, signed in) and GET
 * /api/quote-links/{token}/pdf (the client's share link), and nothing else.
 * It runs only those routes (pdf-routes.ts), with the renderer the admin
 * function leaves out (the fonts and the PDF code stay out of its bundle).
 * Staff sessions are checked with the key named by JWT_SECRET_ARN; the font
 * files sit beside the bundle (infra copies them there). Requests without
 * CloudFront's origin secret (ORIGIN_VERIFY_SECRET_ARN) get 403 before the app runs.
 * The letterhead's logo is read from the photos bucket (PHOTOS_BUCKET; infra grants the logos' keys only).
 */
const originSecret = originSecretFromEnv();
const secretArn = process.env.JWT_SECRET_ARN;
const photosBucket = process.env.PHOTOS_BUCKET;
const app = createFunctionApp(PDF_FUNCTION_ROUTES, {
  db: dbFromEnv(),
  clientIp: lambdaClientIp(),
  ...(secretArn ? { signingKey: secretsManagerSigningKey(secretArn) } : {}),
  secureCookies: true,
  allowedOrigins: allowedOriginsFrom(process.env.ALLOWED_ORIGINS),
  siteUrl: process.env.SITE_URL || undefined,
  renderQuotationPdf,
  ...(photosBucket ? { photos: s3PhotoStorage(photosBucket) } : {}),
});

export const handler = requireOriginSecret(originSecret, handle(app));
