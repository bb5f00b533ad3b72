import { describe, expect, it } from 'vitest';
import { ruleIds } from './lint-text';

const RULE = '@typescript-eslint/no-restricted-imports';
const valueImport = "import { GetCommand } from '@aws-sdk/lib-dynamodb';\nexport const g = GetCommand;\n";
const clientImport = "import { ScanCommand } from '@aws-sdk/client-dynamodb';\nexport const s = ScanCommand;\n";
const typeImport = "import type { GetCommandInput } from '@aws-sdk/lib-dynamodb';\nexport type G = GetCommandInput;\n";

describe('lint: no DynamoDB request outside the engine, jobs and local host', () => {
  it.each(['functions/src/leads/x.ts', 'functions/src/settings/x.ts', 'functions/src/lib/x.ts'])('a value import of the SDK is an error in %s', async (file) => {
    expect(await ruleIds(valueImport, file)).toContain(RULE);
    expect(await ruleIds(clientImport, file)).toContain(RULE);
  });

  it('a type import is allowed in a module file', async () => {
    expect(await ruleIds(typeImport, 'functions/src/leads/x.ts')).toEqual([]);
  });

  it.each(['functions/src/db/x.ts', 'functions/src/jobs/x.ts', 'functions/src/local/x.ts'])('the engine, jobs and local host may send requests (%s)', async (file) => {
    expect(await ruleIds(valueImport, file)).not.toContain(RULE);
  });
});
