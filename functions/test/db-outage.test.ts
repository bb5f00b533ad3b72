import { createServer, type Server, type Socket } from 'node:net';
import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { staticSigningKey } from '../src/auth/signing-key';
import { createDb, type Db } from '../src/db/client';
import type { Deps } from '../src/app-deps';
import { createStaffApp, json, postJson, staffRequest, TEST_IP_HEADER, testSigningKey, validEstimate, type TestApp } from './helpers';

const UNAVAILABLE = 'The service is briefly unavailable. Please try again in a moment.';

/** The app on top of `db`, as the tests' other apps are (same signing key, so their sessions are valid here). */
function appOn(db: Db, extra: Partial<Deps> = {}): TestApp {
  return createApp({
    db,
    clientIp: (c) => c.req.header(TEST_IP_HEADER) ?? '192.0.2.1',
    signingKey: staticSigningKey(testSigningKey),
    ...extra,
  });
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
}

/** A port on 127.0.0.1 where nothing listens (taken from the OS, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function expectUnavailable(response: Response) {
  expect(response.status).toBe(503);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await json<{ error: string }>(response)).toEqual({ error: UNAVAILABLE });
}

/** A session cookie valid for the outage apps (issued by a working app with the same key). */
let staffCookie: string;
beforeAll(async () => {
  const { staff } = await createStaffApp('admin');
  staffCookie = staff('admin').cookie;
});

describe('with DynamoDB down (nothing listens at its endpoint)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = appOn(createDb({ table: 'interiors', endpoint: `http://127.0.0.1:${await closedPort()}`, region: 'local' }));
  });

  it('answers a public read 503 with Retry-After and a clear error', async () => {
    await expectUnavailable(await app.request('/api/site'));
  });

  it('answers a public form 503 (the submission is not accepted, so the visitor knows to send it again)', async () => {
    await expectUnavailable(await postJson(app, '/api/calculator', validEstimate));
  });

  it('answers a staff route 503, not 401 or 500', async () => {
    await expectUnavailable(await staffRequest(app, '/api/leads', staffCookie));
    await expectUnavailable(await staffRequest(app, '/api/customers', staffCookie, { method: 'POST', body: { firstName: 'A' } }));
  });
});

describe('DynamoDB errors that are not an outage', () => {
  it('answers throttling 503, and a real bug still 500', async () => {
    const failing = (error: Error): Db => ({
      table: 'interiors',
      doc: { send: () => Promise.reject(error) } as unknown as Db['doc'],
    });
    const throttled = new ProvisionedThroughputExceededException({ message: 'Rate exceeded', $metadata: { httpStatusCode: 400 } });
    await expectUnavailable(await appOn(failing(throttled)).request('/api/site'));

    const bug = await appOn(failing(new TypeError("Cannot read properties of undefined (reading 'pk')"))).request('/api/site');
    expect(bug.status).toBe(500);
    expect(bug.headers.get('retry-after')).toBeNull();
  });
});

describe('with DynamoDB frozen (it accepts connections and never answers)', () => {
  const sockets = new Set<Socket>();
  const frozen = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  let endpoint: string;
  beforeAll(async () => {
    endpoint = `http://127.0.0.1:${await listen(frozen)}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => frozen.close(resolve));
  });

  it('gives up on the SDK timeouts: 503 well within the public Lambda timeout (10 s)', async () => {
    const app = appOn(createDb({ table: 'interiors', endpoint, region: 'local' }));
    const started = performance.now();
    await expectUnavailable(await app.request('/api/site'));
    const elapsed = performance.now() - started;
    console.log(`frozen DynamoDB, SDK timeouts: 503 after ${Math.round(elapsed)} ms`);
    expect(elapsed).toBeLessThan(9_000);
  }, 20_000);

  it('answers 503 at the request deadline even when the SDK would wait longer', async () => {
    const db = createDb({ table: 'interiors', endpoint, region: 'local', timeouts: { requestTimeoutMs: 60_000 } });
    const app = appOn(db, { requestDeadlineMs: 1_000 });
    const started = performance.now();
    await expectUnavailable(await postJson(app, '/api/calculator', validEstimate));
    const elapsed = performance.now() - started;
    console.log(`frozen DynamoDB, 1 s deadline: 503 after ${Math.round(elapsed)} ms`);
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(3_000);
  }, 20_000);
});
