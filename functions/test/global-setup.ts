import type { TestProject } from 'vitest/node';
import { startDynamoLocal, type DynamoLocal } from '../src/local/dynamo-local';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

/**
 * One in-memory DynamoDB Local for the whole run; each test file makes its own table.
 * The functions and infra projects both name this setup: they share one instance (one
 * JVM start, not two), which stops when the last of them tears down.
 */
interface Shared {
  dynamo: Promise<DynamoLocal>;
  users: number;
}
declare global {
  var interiorsTestDynamoLocal: Shared | undefined;
}

export default async function setup(project: TestProject) {
  const shared = (globalThis.interiorsTestDynamoLocal ??= { dynamo: startDynamoLocal(), users: 0 });
  shared.users += 1;
  const dynamo = await shared.dynamo;
  project.provide('dynamoEndpoint', dynamo.endpoint);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    globalThis.interiorsTestDynamoLocal = undefined;
    await dynamo.stop();
  };
}
