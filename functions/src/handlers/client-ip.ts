import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { Context } from 'hono';
import type { LambdaEvent } from 'hono/aws-lambda';

/** Header CloudFront adds to every origin request it relays to the API (see infra's web construct). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/**
 * Parses CloudFront-Viewer-Address ("203.0.113.7:46532", "2001:db8::1:46532"):
 * the viewer's IP, without the port. Undefined when the value is not an address.
 */
export function parseViewerAddress(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const cut = value.lastIndexOf(':');
  const ip = cut > 0 ? value.slice(0, cut) : '';
  return isIP(ip) ? ip : undefined;
}

function sameSecret(sent: string | undefined, expected: string): boolean {
  if (!sent) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The visitor's IP for a request that reached Lambda through API Gateway (HTTP
 * API, payload v2). Behind CloudFront the socket address API Gateway sees is an
 * edge server, so the viewer's address comes from CloudFront-Viewer-Address.
 * That header is trusted only when the request also carries CloudFront's origin
 * secret (`originSecret`): anyone can call the execute-api endpoint directly and
 * send any header they like. X-Forwarded-For is never read: clients can set it.
 */
export function clientIpOf(event: LambdaEvent | undefined, originSecret: string | undefined): string {
  if (!event || !('requestContext' in event) || !('http' in event.requestContext)) return 'unknown';
  const sourceIp = event.requestContext.http.sourceIp;
  // Payload v2 joins repeated headers with commas, so each value is one string.
  const header = (name: string) => {
    const value = event.headers?.[name];
    return Array.isArray(value) ? value[0] : value;
  };
  if (originSecret && sameSecret(header(ORIGIN_VERIFY_HEADER), originSecret)) {
    return parseViewerAddress(header('cloudfront-viewer-address')) ?? sourceIp;
  }
  return sourceIp;
}

/** Deps.clientIp for the Lambda hosts: reads the event hono/aws-lambda puts in `c.env`. */
export function lambdaClientIp(env: NodeJS.ProcessEnv = process.env) {
  const originSecret = env.ORIGIN_VERIFY_SECRET || undefined;
  return (c: Context): string => clientIpOf((c.env as { event?: LambdaEvent } | undefined)?.event, originSecret);
}
