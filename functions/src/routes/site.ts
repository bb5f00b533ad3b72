import { Hono } from 'hono';
import type { SiteInfo } from '@app/shared-types/site';
import { getSettings } from '../db/settings-repo';
import type { AppEnv } from '../lib/deps';

/** GET /api/site: the firm's public identity from Settings > Company. */
export const site = new Hono<AppEnv>().get('/', async (c) => {
  const { company } = await getSettings(c.var.deps.db);
  c.header('Cache-Control', 'public, max-age=60');
  return c.json(company satisfies SiteInfo, 200);
});
