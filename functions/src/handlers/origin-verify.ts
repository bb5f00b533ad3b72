import { timingSafeEqual } from 'node:crypto';
import { GetSecretValueCommand, ResourceNotFoundException, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { LambdaEvent } from 'hono/aws-lambda';
import { log } from '../lib/log';
import { ORIGIN_VERIFY_HEADER } from './client-ip';

/** The origin secret's values a request may carry: the current one, and the one before it shortly after a rotation. */
export interface OriginSecretSource {
  getOriginSecrets(): Promise<readonly string[]>;
}

/** How long a read of the secret is reused before Secrets Manager is asked again. */
export const ORIGIN_SECRET_CACHE_MS = 5 * 60_000;
/**
 * How long after a rotation (the current version's creation) the previous value is still
 * accepted: CloudFront sends the new one only once the next deploy has updated the distribution.
 */
export const ORIGIN_SECRET_PREVIOUS_GRACE_MS = 60 * 60_000;

/**
 * The deployed source: the secret named by ORIGIN_VERIFY_SECRET_ARN (infra's Auth construct),
 * its AWSCURRENT value and, within the grace period after a rotation, its AWSPREVIOUS value.
 * Reads are cached for ORIGIN_SECRET_CACHE_MS; a failed read is not cached.
 */
export function secretsManagerOriginSecrets(
  secretArn: string,
  client = new SecretsManagerClient({}),
  now: () => number = Date.now,
): OriginSecretSource {
  let cached: { values: readonly string[]; readAt: number } | undefined;
  let pending: Promise<readonly string[]> | undefined;

  const read = async (): Promise<readonly string[]> => {
    const current = await client.send(new GetSecretValueCommand({ SecretId: secretArn }));
    if (!current.SecretString) throw new Error('The origin-verify secret has no string value');
    const values = [current.SecretString];
    const rotatedAt = current.CreatedDate?.getTime();
    if (rotatedAt !== undefined && now() - rotatedAt < ORIGIN_SECRET_PREVIOUS_GRACE_MS) {
      try {
        const previous = await client.send(new GetSecretValueCommand({ SecretId: secretArn, VersionStage: 'AWSPREVIOUS' }));
        if (previous.SecretString) values.push(previous.SecretString);
      } catch (error) {
        // A secret that was never rotated has no AWSPREVIOUS version.
        if (!(error instanceof ResourceNotFoundException)) throw error;
      }
    }
    return values;
  };

  return {
    getOriginSecrets: () => {
      if (cached && now() - cached.readAt < ORIGIN_SECRET_CACHE_MS) return Promise.resolve(cached.values);
      pending ??= read()
        .then((values) => {
          cached = { values, readAt: now() };
          return values;
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
  };
}

/** Whether `sent` is one of `secrets`, compared in constant time (per candidate of the same length). */
export function isOriginSecret(sent: string | undefined, secrets: readonly string[]): boolean {
  if (!sent) return false;
  const a = Buffer.from(sent);
  let match = false;
  for (const secret of secrets) {
    const b = Buffer.from(secret);
    // timingSafeEqual needs equal lengths; compare against itself otherwise so every candidate costs the same.
    const equal = timingSafeEqual(a.length === b.length ? a : b, b) && a.length === b.length;
    match = equal || match;
  }
  return match;
}

/** The result a Lambda host returns for a request it refuses before the app sees it. */
export interface RefusedResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  isBase64Encoded: false;
}

const refusal = (statusCode: number, error: string, headers: Record<string, string> = {}): RefusedResponse => ({
  statusCode,
  headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  body: JSON.stringify({ error }),
  isBase64Encoded: false,
});

function headerOf(event: LambdaEvent, name: string): string | undefined {
  const headers: Record<string, string | string[] | undefined> | undefined = event.headers;
  if (!headers) return undefined;
  const value = headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Wraps a Lambda handler so only requests that came through CloudFront reach it: without the
 * origin secret in X-Origin-Verify the answer is 403 (anyone can call the execute-api endpoint
 * directly). If the secret cannot be read, 503 with Retry-After: fail closed.
 */
export function requireOriginSecret<Event extends LambdaEvent, Context, Result>(
  source: OriginSecretSource,
  handler: (event: Event, context?: Context) => Promise<Result>,
): (event: Event, context?: Context) => Promise<Result | RefusedResponse> {
  return async (event, context) => {
    let secrets: readonly string[];
    try {
      secrets = await source.getOriginSecrets();
    } catch (error) {
      log.error('origin-verify secret unreadable', { error: String(error) });
      return refusal(503, 'Service unavailable', { 'retry-after': '5' });
    }
    if (!isOriginSecret(headerOf(event, ORIGIN_VERIFY_HEADER), secrets)) return refusal(403, 'Forbidden');
    return handler(event, context);
  };
}

/** The deployed guard: the secret named by ORIGIN_VERIFY_SECRET_ARN; without it the function refuses to start. */
export function originSecretFromEnv(env: NodeJS.ProcessEnv = process.env): OriginSecretSource {
  const arn = env.ORIGIN_VERIFY_SECRET_ARN;
  if (!arn) throw new Error('ORIGIN_VERIFY_SECRET_ARN is not set: the function cannot tell CloudFront requests from direct ones');
  return secretsManagerOriginSecrets(arn);
}
