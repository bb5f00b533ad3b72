import { inject } from 'vitest';

/**
 * The DynamoDB Local of this vitest worker (global-setup.ts starts one per worker): the files a
 * worker runs share it, and the other worker's files never wait on it.
 */
export function dynamoEndpoint(): string {
  const endpoints = inject('dynamoEndpoints');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return endpoints[(worker - 1) % endpoints.length]!;
}
