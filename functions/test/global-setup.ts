import type { TestProject } from 'vitest/node';
import { startDynamoLocal, type DynamoLocal } from '../src/local/dynamo-local';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One in-memory DynamoDB Local per vitest worker (test/dynamo-endpoint.ts picks the worker's). */
    dynamoEndpoints: string[];
  }
}

/**
 * In-memory DynamoDB Locals for the whole run, one per vitest worker; each test file makes its own
 * table. DynamoDB Local runs every request on one thread (its SQLite queue), so one instance shared
 * by two workers kept them waiting on each other: 50 concurrent writes of one file then lost their
 * retries to the other file's load (503 instead of 201 or 409). The functions and infra projects both
 * name this setup: they share the instances, which stop when the last of them tears down.
 */
interface Shared {
  dynamos: Promise<DynamoLocal[]>;
  users: number;
}
declare global {
  var interiorsTestDynamoLocal: Shared | undefined;
}

export default async function setup(project: TestProject) {
  // As many as the run has workers (vitest.config.ts decides how many).
  const instances = Math.max(1, project.globalConfig.maxWorkers);
  const shared = (globalThis.interiorsTestDynamoLocal ??= {
    dynamos: Promise.all(Array.from({ length: instances }, () => startDynamoLocal())),
    users: 0,
  });
  shared.users += 1;
  const dynamos = await shared.dynamos;
  project.provide(
    'dynamoEndpoints',
    dynamos.map((dynamo) => dynamo.endpoint),
  );
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    globalThis.interiorsTestDynamoLocal = undefined;
    await Promise.all(dynamos.map((dynamo) => dynamo.stop()));
  };
}
