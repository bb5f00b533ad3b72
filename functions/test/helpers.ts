import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { createApp } from '../src/app';
import { createDb, type Db } from '../src/db/client';
import { ensureTable } from '../src/local/create-table';

export const TEST_IP_HEADER = 'x-test-client-ip';

/**
 * A fresh table on the run's DynamoDB Local and the app on top of it. The
 * caller's IP comes from a test header, so each test can be its own visitor.
 */
export async function createTestApp() {
  const db: Db = createDb({ table: `test-${randomUUID()}`, endpoint: inject('dynamoEndpoint'), region: 'local' });
  await ensureTable(db);
  const app = createApp({ db, clientIp: (c) => c.req.header(TEST_IP_HEADER) ?? '192.0.2.1' });
  return { app, db };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>['app'];

/** A new documentation-range IP address per call, so rate limits of one test never touch another. */
export function newVisitorIp(): string {
  const n = Math.floor(Math.random() * 65_000);
  return `198.51.${n >> 8}.${n & 255}`;
}

export function postJson(app: TestApp, path: string, body: unknown, ip = newVisitorIp()) {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TEST_IP_HEADER]: ip },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export const validEstimate = {
  bhk: '3bhk',
  area: 1450,
  material: 'premium',
  rooms: 'all',
  name: 'Ananya Iyer',
  phone: '+91 99887 76655',
  email: 'ananya@example.com',
  city: 'Hyderabad',
};

export const validContact = {
  firstName: 'Rahul',
  lastName: 'Menon',
  email: 'rahul@example.com',
  phone: '9000011111',
  projectType: 'renovation',
  message: 'We want to redo our kitchen and living room.',
};
