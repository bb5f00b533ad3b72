import { Hono } from 'hono';
import { PACKAGE_RULE_EDITORS, PACKAGE_RULE_MESSAGES, packageRuleInputSchema, type PackageRulesAnswer } from '@app/shared-types/package-rules';
import { requireRole, writeContext } from '../auth';
import type { AppEnv } from '../app-deps';
import { errorBody, jsonBody, limitBody, requireJson } from '../lib/http';
import { log } from '../lib/log';
import { access } from '../lib/route-access';
import { listPackageRules, savePackageRule } from './package-rules-repo';

/** A rule of 40 lines is about 6 KiB of JSON. */
const MAX_BODY_BYTES = 16 * 1024;

/**
 * /api/package-rules (issue 26): what a calculator lead's draft quotation is
 * made of, per property type, band and rooms. Every signed-in role reads them
 * (with whether each is out of step with the calculator); admins edit them.
 */
export const packageRules = new Hono<AppEnv>()
  .get('/', access.staff(), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ items: await listPackageRules(c.var.deps.db) } satisfies PackageRulesAnswer, 200);
  })
  .put('/:id', access.role('admin'), requireRole(...PACKAGE_RULE_EDITORS), limitBody(MAX_BODY_BYTES), requireJson, jsonBody(packageRuleInputSchema), async (c) => {
    const id = c.req.param('id');
    const result = await savePackageRule(c.var.deps.db, id, c.req.valid('json'), writeContext(c));
    if ('notFound' in result) return c.json(errorBody(PACKAGE_RULE_MESSAGES.notFound), 404);
    if ('stale' in result) return c.json({ ...errorBody(PACKAGE_RULE_MESSAGES.stale), current: result.stale }, 409);
    log.info('package rule saved', { id, by: c.var.auth.employee.id, outOfStep: result.item.outOfStep !== null });
    return c.json(result.item, 200);
  });
