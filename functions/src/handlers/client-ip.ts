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

/**
 * The visitor's IP for a request that reached Lambda through API Gateway (HTTP
 * API, payload v2). Behind CloudFront the socket address API Gateway sees is an
 * edge server, so the viewer's address comes from CloudFront-Viewer-Address.
 * That header can be trusted because the Lambda hosts run the app only for
 * requests carrying CloudFront's origin secret (requireOriginSecret in
 * ./origin-verify.ts): anyone else gets 403 before this is called.
 * X-Forwarded-For is never read: clients can set it.
 */
export function clientIpOf(event: LambdaEvent | undefined): string {
  if (!event || !('requestContext' in event) || !('http' in event.requestContext)) return 'unknown';
  const sourceIp = event.requestContext.http.sourceIp;
  // Payload v2 joins repeated headers with commas, so each value is one string.
  const header = (name: string) => {
    const value = event.headers?.[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return parseViewerAddress(header('cloudfront-viewer-address')) ?? sourceIp;
}

/** What hono/aws-lambda puts in `c.env`: the event it was invoked with. */
type LambdaBindings = { event?: LambdaEvent };

/** Deps.clientIp for the Lambda hosts (behind requireOriginSecret): reads the event hono/aws-lambda puts in `c.env`. */
export function lambdaClientIp() {
  return (c: Context<{ Bindings: LambdaBindings }>): string => {
    // No env at all when the app is called without one (app.request in tests).
    const env: LambdaBindings | undefined = c.env;
    return clientIpOf(env?.event);
  };
}
