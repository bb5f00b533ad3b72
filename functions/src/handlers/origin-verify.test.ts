import {
  GetSecretValueCommand,
  ResourceNotFoundException,
  type SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import type { LambdaEvent } from 'hono/aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import {
  isOriginSecret,
  ORIGIN_SECRET_CACHE_MS,
  ORIGIN_SECRET_PREVIOUS_GRACE_MS,
  originSecretFromEnv,
  requireOriginSecret,
  secretsManagerOriginSecrets,
  type OriginSecretSource,
} from './origin-verify';

const ARN = 'arn:aws:secretsmanager:ap-south-1:123456789012:secret:OriginVerify-abc123';
const T0 = Date.parse('2026-11-01T00:00:00Z');

/**
 * A stubbed Secrets Manager client: `versions` maps a staging label to its value and creation
 * time (missing label: ResourceNotFoundException, as AWS answers). Nothing is sent anywhere.
 */
function stubClient(versions: () => Record<string, { value: string; created: number } | Error>) {
  const send = vi.fn((command: GetSecretValueCommand) => {
    expect(command).toBeInstanceOf(GetSecretValueCommand);
    expect(command.input.SecretId).toBe(ARN);
    const version = versions()[command.input.VersionStage ?? 'AWSCURRENT'];
    if (!version) return Promise.reject(new ResourceNotFoundException({ message: 'no such version', $metadata: {} }));
    if (version instanceof Error) return Promise.reject(version);
    return Promise.resolve({ ARN, SecretString: version.value, CreatedDate: new Date(version.created) });
  });
  return { client: { send } as unknown as SecretsManagerClient, send };
}

function event(headers: Record<string, string>): LambdaEvent {
  return {
    version: '2.0',
    routeKey: 'GET /api/site',
    rawPath: '/api/site',
    rawQueryString: '',
    headers,
    requestContext: { http: { method: 'GET', path: '/api/site', sourceIp: '198.51.100.7' } },
    isBase64Encoded: false,
  } as unknown as LambdaEvent;
}

const fixed = (...secrets: string[]): OriginSecretSource => ({ getOriginSecrets: () => Promise.resolve(secrets) });

describe('the origin-verify check of the Lambda hosts', () => {
  const app = vi.fn(() => Promise.resolve({ statusCode: 200, body: 'app ran' }));
  const guarded = requireOriginSecret(fixed('s3cret-value'), app);

  it('answers 403 without running the app when X-Origin-Verify is missing or wrong', async () => {
    app.mockClear();
    const cases: Record<string, string>[] = [{}, { 'x-origin-verify': '' }, { 'x-origin-verify': 'wrong-value!' }, { 'x-origin-verify': 's3cret-valu' }];
    for (const headers of cases) {
      const response = await guarded(event(headers));
      expect(response, JSON.stringify(headers)).toMatchObject({ statusCode: 403 });
    }
    expect(app).not.toHaveBeenCalled();
  });

  it('runs the app when X-Origin-Verify carries the secret', async () => {
    app.mockClear();
    expect(await guarded(event({ 'x-origin-verify': 's3cret-value' }))).toEqual({ statusCode: 200, body: 'app ran' });
    expect(app).toHaveBeenCalledTimes(1);
  });

  it('fails closed with 503 when the secret cannot be read', async () => {
    app.mockClear();
    const broken = requireOriginSecret({ getOriginSecrets: () => Promise.reject(new Error('throttled')) }, app);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await broken(event({ 'x-origin-verify': 's3cret-value' }));
    expect(response).toMatchObject({ statusCode: 503, headers: { 'retry-after': expect.any(String) } });
    expect(app).not.toHaveBeenCalled();
  });

  it('compares in constant time with timingSafeEqual, any of the accepted values', () => {
    expect(isOriginSecret('a', ['a'])).toBe(true);
    expect(isOriginSecret('b', ['a', 'b'])).toBe(true);
    expect(isOriginSecret('ab', ['a', 'abc'])).toBe(false);
    expect(isOriginSecret(undefined, ['a'])).toBe(false);
    expect(isOriginSecret('', [''])).toBe(false);
    expect(isOriginSecret('a', [])).toBe(false);
  });

  it('refuses to start without ORIGIN_VERIFY_SECRET_ARN', () => {
    expect(() => originSecretFromEnv({})).toThrow(/ORIGIN_VERIFY_SECRET_ARN/);
  });
});

describe('the origin secret read from Secrets Manager', () => {
  it('is read once and cached for five minutes, then read again', async () => {
    let now = T0;
    const { client, send } = stubClient(() => ({ AWSCURRENT: { value: 'first', created: T0 - 30 * 86_400_000 } }));
    const source = secretsManagerOriginSecrets(ARN, client, () => now);
    expect(await Promise.all([source.getOriginSecrets(), source.getOriginSecrets()])).toEqual([['first'], ['first']]);
    now += ORIGIN_SECRET_CACHE_MS - 1;
    expect(await source.getOriginSecrets()).toEqual(['first']);
    expect(send).toHaveBeenCalledTimes(1);
    now += 2;
    await source.getOriginSecrets();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('accepts the previous value for a while after a rotation, then only the new one', async () => {
    let now = T0;
    let versions: Record<string, { value: string; created: number }> = { AWSCURRENT: { value: 'old', created: T0 - 86_400_000 } };
    const { client } = stubClient(() => versions);
    const guarded = requireOriginSecret(secretsManagerOriginSecrets(ARN, client, () => now), () =>
      Promise.resolve({ statusCode: 200 }),
    );
    const status = async (value: string) => ((await guarded(event({ 'x-origin-verify': value }))) as { statusCode: number }).statusCode;
    expect(await status('old')).toBe(200);
    expect(await status('new')).toBe(403);

    // Rotation: put-secret-value makes the new value AWSCURRENT and the old one AWSPREVIOUS.
    versions = { AWSCURRENT: { value: 'new', created: now }, AWSPREVIOUS: { value: 'old', created: T0 - 86_400_000 } };
    expect(await status('new')).toBe(403); // still the cached read
    now += ORIGIN_SECRET_CACHE_MS;
    expect(await status('new')).toBe(200);
    expect(await status('old')).toBe(200); // CloudFront sends it until the next deploy
    now += ORIGIN_SECRET_PREVIOUS_GRACE_MS;
    expect(await status('new')).toBe(200);
    expect(await status('old')).toBe(403);
  });

  it('does not cache a failed read', async () => {
    let fail = true;
    const { client, send } = stubClient(() =>
      fail ? { AWSCURRENT: new Error('throttled') } : { AWSCURRENT: { value: 'v', created: T0 - 86_400_000 } },
    );
    const source = secretsManagerOriginSecrets(ARN, client, () => T0);
    await expect(source.getOriginSecrets()).rejects.toThrow('throttled');
    fail = false;
    expect(await source.getOriginSecrets()).toEqual(['v']);
    expect(send).toHaveBeenCalledTimes(2);
  });
});
