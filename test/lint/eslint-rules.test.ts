import { describe, expect, it } from 'vitest';
import { ruleIds } from './lint-text';

const valueImport = "import { app } from '@app/functions/app';\nexport const a = app;\n";
const typeImport = "import type { AppType } from '@app/functions/app';\nexport type A = AppType;\n";
const RULE = '@typescript-eslint/no-restricted-imports';

// Every ESLint block that matches web files, including the feature blocks that set their own
// `no-restricted-imports` patterns, must keep "the web only imports the API types from functions".
describe('lint: the web imports only API types from functions', () => {
  const files = [
    'web/src/lib/x.ts',
    'web/src/app/x.tsx',
    'web/src/features/leads/x.ts',
    'web/src/features/leads/components/x.tsx',
    'web/src/features/dashboard/api/x.ts',
  ];

  it.each(files)('a value import is an error in %s', async (file) => {
    expect(await ruleIds(valueImport, file)).toContain(RULE);
    expect(await ruleIds("import { createDb } from '@app/functions/db/client';\nexport const c = createDb;\n", file)).toContain(RULE);
  });

  it.each(files)('an `import type` is allowed in %s', async (file) => {
    expect(await ruleIds(typeImport, file)).toEqual([]);
  });

  it('the feature blocks still forbid importing another feature', async () => {
    const ids = await ruleIds("import { x } from '../../vendors/model';\nexport const y = x;\n", 'web/src/features/leads/components/x.ts');
    expect(ids).toContain('no-restricted-imports');
    expect(await ruleIds(valueImport, 'web/src/features/leads/components/x.ts')).toContain(RULE);
  });
});

describe('lint: the web kit imports no feature', () => {
  it.each(['web/src/components/x.tsx', 'web/src/lib/x.ts', 'web/src/components/layouts/x.tsx'])('a feature or app/ import is an error in %s', async (file) => {
    const up = file.split('/').length - 3;
    const parent = '../'.repeat(up);
    expect(await ruleIds(`import { x } from '${parent}features/seo/model';\nexport const y = x;\n`, file)).toContain('no-restricted-imports');
    expect(await ruleIds(`import { x } from '${parent}app/router';\nexport const y = x;\n`, file)).toContain('no-restricted-imports');
  });

  it('the kit may import the kit', async () => {
    expect(await ruleIds("import { x } from '../lib/theme';\nexport const y = x;\n", 'web/src/components/x.tsx')).toEqual([]);
  });
});

describe('lint: the website uses only its own features', () => {
  it.each([
    ['web/src/app/site/x.tsx', '../../features/'],
    ['web/src/site-main.tsx', './features/'],
    ['web/src/entry-server.tsx', './features/'],
  ])('a portal feature is an error in %s, a website feature is not', async (file, features) => {
    expect(await ruleIds(`import { x } from '${features}leads/model';\nexport const y = x;\n`, file)).toContain('no-restricted-imports');
    expect(await ruleIds(`import { x } from '${features}quotations/api/get-quote-link';\nexport const y = x;\n`, file)).toContain('no-restricted-imports');
    expect(await ruleIds(`import { x } from '${features}site-info/api/get-site-info';\nexport const y = x;\n`, file)).toEqual([]);
    expect(await ruleIds(`import { x } from '${features}calculator/model';\nexport const y = x;\n`, file)).toEqual([]);
  });

  it("the website does not import the portal's screens", async () => {
    expect(await ruleIds("import { x } from '../admin/leads-page';\nexport const y = x;\n", 'web/src/app/site/x.tsx')).toContain('no-restricted-imports');
  });
});

