import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { LambdaEvent } from 'hono/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER } from '@app/functions/handlers/client-ip';
import { requireOriginSecret, secretsManagerOriginSecrets } from '@app/functions/handlers/origin-verify';
import { isOutboxTick, OUTBOX_TICK } from '@app/functions/notify/outbox-tick';
import { DEFAULT_PUBLIC_CONCURRENCY } from '../config';
import { removeTempDirs, synthesize, type Synthesized } from '../../test/synth';

/**
 * The API Gateway endpoint (https://<id>.execute-api.<region>.amazonaws.com) stays reachable:
 * turning it off (disableExecuteApiEndpoint) needs a custom domain for the API, with a regional
 * certificate and a DNS record, for CloudFront to use as its origin, and the config has none
 * (config.ts: the one domain is CloudFront's, its certificate in us-east-1). What a request sent
 * there directly, around CloudFront and WAF, can cost is shown here: the origin-verify check is
 * the first code it runs, it costs microseconds and no database call, and the stage throttle and
 * the reserved concurrency bound how often it runs. What it can still take is in the README
 * ('Reaching the API around CloudFront'): the throttle of the route it floods, shared with CloudFront.
 */

// CloudFormation JSON as the template holds it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Cfn = any;

let synth: Synthesized;
afterAll(removeTempDirs);
beforeAll(() => {
  synth = synthesize({ stage: 'dev', bundle: false });
});

const resourcesOf = (type: string): [string, Cfn][] => Object.entries(synth.template.findResources(type));
const handlersDir = fileURLToPath(new URL('../../../functions/src/handlers/', import.meta.url));

/** A request sent straight to the execute-api endpoint: no X-Origin-Verify, or a guess. */
function directEvent(n: number, guess?: string): LambdaEvent {
  return {
    version: '2.0',
    routeKey: 'POST /api/contact',
    rawPath: '/api/contact',
    rawQueryString: '',
    headers: { host: 'abc123.execute-api.ap-south-1.amazonaws.com', 'content-type': 'application/json', ...(guess ? { [ORIGIN_VERIFY_HEADER]: guess } : {}) },
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc123',
      authentication: null,
      authorizer: {},
      domainName: 'abc123.execute-api.ap-south-1.amazonaws.com',
      domainPrefix: 'abc123',
      http: { method: 'POST', path: '/api/contact', protocol: 'HTTP/1.1', sourceIp: `198.51.100.${n % 250}`, userAgent: 'curl/8' },
      requestId: `direct-${n}`,
      routeKey: 'POST /api/contact',
      stage: '$default',
      time: '01/Nov/2026:00:00:00 +0000',
      timeEpoch: 1_793_491_200_000,
    },
    body: JSON.stringify({ job: OUTBOX_TICK.job, message: 'x'.repeat(2000) }),
    isBase64Encoded: false,
  };
}

describe('a request sent to the execute-api endpoint directly, around CloudFront', () => {
  it('meets no authorizer and no other code first: every route goes straight to a Lambda function that reads the origin secret', () => {
    const routes = resourcesOf('AWS::ApiGatewayV2::Route');
    expect(routes.length).toBeGreaterThan(0);
    for (const [id, route] of routes) expect(route.Properties.AuthorizationType ?? 'NONE', id).toBe('NONE');
    const integrations = resourcesOf('AWS::ApiGatewayV2::Integration');
    const functions = synth.template.toJSON().Resources as Record<string, Cfn>;
    for (const [id, integration] of integrations) {
      expect(integration.Properties.IntegrationType, id).toBe('AWS_PROXY');
      // API Gateway invokes each function's live alias (live-aliases.ts): the alias names its function.
      const alias = functions[integration.Properties.IntegrationUri.Ref];
      expect(alias.Type, id).toBe('AWS::Lambda::Alias');
      const functionId: string = alias.Properties.FunctionName.Ref;
      const fn = functions[functionId];
      expect(fn.Type, id).toBe('AWS::Lambda::Function');
      // The hosts refuse to start without it (origin-verify.ts originSecretFromEnv).
      expect(fn.Properties.Environment.Variables.ORIGIN_VERIFY_SECRET_ARN, functionId).toEqual({ Ref: expect.stringMatching(/^AuthOriginVerify/) });
    }
  });

  it("runs the origin check before the app in every Lambda host API Gateway invokes: handle(app) is only ever wrapped in requireOriginSecret", () => {
    const hosts = readdirSync(handlersDir).filter((file) => file.endsWith('.ts') && !file.includes('.test.') && readFileSync(join(handlersDir, file), 'utf8').includes('handle(app)'));
    expect(hosts.sort()).toEqual(expect.arrayContaining(['admin.ts', 'pdf.ts', 'public.ts']));
    for (const file of hosts) {
      const source = readFileSync(join(handlersDir, file), 'utf8');
      const uses = source.match(/handle\(app\)/g) ?? [];
      const wrapped = source.match(/requireOriginSecret\(originSecret, handle\(app\)\)/g) ?? [];
      expect(wrapped.length, file).toBe(uses.length);
    }
    // The admin host answers one event before the check: the outbox tick, which no API Gateway event can pass for.
    const admin = readFileSync(join(handlersDir, 'admin.ts'), 'utf8');
    expect(admin).toMatch(/if \(isOutboxTick\(event\)\) \{/);
    expect(isOutboxTick({ ...directEvent(1), job: OUTBOX_TICK.job })).toBe(false);
  });

  it('is refused in microseconds with no app code and no database call; the secret is read once per cold start, not per request', async () => {
    let reads = 0;
    const send = (command: GetSecretValueCommand) => {
      reads++;
      expect(command.input.VersionStage).toBeUndefined();
      return Promise.resolve({ SecretString: 'the-origin-secret-of-64-characters-0123456789abcdef0123456789ab', CreatedDate: new Date(0) });
    };
    const client = { send } as unknown as SecretsManagerClient;
    let appRuns = 0;
    const guarded = requireOriginSecret(secretsManagerOriginSecrets('arn:aws:secretsmanager:ap-south-1:123456789012:secret:OriginVerify', client), () => {
      appRuns++; // the app: routing, the database, everything else
      return Promise.resolve({ statusCode: 201, body: '{}' });
    });
    await guarded(directEvent(0)); // the cold start's read
    const count = 10_000;
    const events = Array.from({ length: count }, (_, n) => directEvent(n, n % 2 === 0 ? undefined : `guess-${n}`));
    const statuses = new Map<number, number>();
    const started = performance.now();
    for (const event of events) {
      const { statusCode } = await guarded(event);
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    }
    const perRequestUs = ((performance.now() - started) * 1000) / count;
    expect(Object.fromEntries(statuses)).toEqual({ 403: count });
    expect(appRuns).toBe(0);
    expect(reads).toBe(1);
    // Far below the 1 ms Lambda bills as its smallest unit, even on a busy test machine.
    expect(perRequestUs).toBeLessThan(1000);
    console.log(`${count} direct requests refused: ${perRequestUs.toFixed(1)} µs each, 0 app runs, ${reads} secret read`);
  });

  it('runs at most as often as the route throttle lets it, on at most the reserved instances of the public function', () => {
    const [, stage] = resourcesOf('AWS::ApiGatewayV2::Stage')[0]!;
    // Every route of the stage: 50 requests a second, bursts of 100; the form posts less.
    expect(stage.Properties.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 });
    const [, publicFunction] = resourcesOf('AWS::Lambda::Function').find(([id]) => id.startsWith('ApiPublicFunction'))!;
    expect(publicFunction.Properties.ReservedConcurrentExecutions).toBe(DEFAULT_PUBLIC_CONCURRENCY);
    // The endpoint is on: no API domain is configured (see the note at the top, and the README).
    const [, api] = resourcesOf('AWS::ApiGatewayV2::Api')[0]!;
    expect(api.Properties.DisableExecuteApiEndpoint).toBeUndefined();
    // HTTP APIs take no WAF web ACL: nothing in this stack associates one with the API.
    expect(resourcesOf('AWS::WAFv2::WebACLAssociation')).toEqual([]);
  });
});
