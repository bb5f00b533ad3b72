import { afterAll, expect } from 'vitest';
import { hashAtLowestCost } from '../src/auth/password';

// Every password the tests make is hashed at scrypt's lowest accepted cost (2^14), not production's
// 2^17: a stored hash names its cost, so sign-ins still run the real verification, 8 times faster.
hashAtLowestCost();

// The IAM replay of every test file (test/helpers.ts replayRefusals): the DynamoDB calls its
// requests made that the serving function's role, as synthesized, would refuse in AWS. Loaded
// when the file is done, so files that set the environment before importing the app still can.
afterAll(async () => {
  const { replayRefusals } = await import('./helpers');
  expect(replayRefusals(), 'DynamoDB calls a function role would refuse in AWS (infra/<function>-role-policy.json)').toEqual([]);
});
