import { describe, expect, it } from 'vitest';
import { ruleIds } from './lint-text';

const RULE = 'local/module-boundaries';
const use = (spec: string) => `import { x } from '${spec}';\nexport const y = x;\n`;

// functions/src by module: a module reaches another only through its entry file (issue 23).
describe('lint: a module imports another module only through its entry', () => {
  it('a deep file of another module is an error', async () => {
    expect(await ruleIds(use('../people/employee-repo'), 'functions/src/leads/lead-repo.ts')).toContain(RULE);
    expect(await ruleIds(use('../../auth/middleware'), 'functions/src/quotations/sub/x.ts')).toContain(RULE);
    expect(await ruleIds("export { x } from '../people/employee-repo';\n", 'functions/src/leads/x.ts')).toContain(RULE);
    expect(await ruleIds(use('./people/users-routes'), 'functions/src/app.ts')).toContain(RULE);
    expect(await ruleIds(use('../people/employee-repo'), 'functions/src/lib/x.ts')).toContain(RULE);
  });

  it('the entry of another module is allowed', async () => {
    expect(await ruleIds(use('../people'), 'functions/src/leads/lead-repo.ts')).toEqual([]);
    expect(await ruleIds(use('../people/index'), 'functions/src/leads/lead-repo.ts')).toEqual([]);
    expect(await ruleIds(use('./people'), 'functions/src/app.ts')).toEqual([]);
  });

  it('a module imports its own files, and db/ and lib/ directly', async () => {
    expect(await ruleIds(use('./lead-repo'), 'functions/src/leads/leads-routes.ts')).toEqual([]);
    expect(await ruleIds(use('../db/entity'), 'functions/src/leads/lead-repo.ts')).toEqual([]);
    expect(await ruleIds(use('../lib/http'), 'functions/src/leads/lead-repo.ts')).toEqual([]);
  });

  it('the routes entry is for the hosts only', async () => {
    expect(await ruleIds(use('./people/routes'), 'functions/src/app.ts')).toEqual([]);
    expect(await ruleIds(use('../people/routes'), 'functions/src/local/server.ts')).toEqual([]);
    expect(await ruleIds(use('../people/routes'), 'functions/src/leads/lead-repo.ts')).toContain(RULE);
  });

  it('tests may import deep files', async () => {
    expect(await ruleIds(use('../people/employee-repo'), 'functions/src/leads/lead-repo.test.ts')).toEqual([]);
    expect(await ruleIds(use('../src/people/employee-repo'), 'functions/test/x.test.ts')).toEqual([]);
  });
});
