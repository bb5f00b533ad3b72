import { Hono } from 'hono';
import type { SiteInfo } from '@app/shared-types/site';
import { getSettings } from '../settings';
import type { AppEnv } from '../app-deps';
import { access } from '../lib/route-access';

/**
 * GET /api/site: the firm's public identity from Settings > Company, and
 * whether the site is in maintenance (Settings > System). Browsers ask again
 * each time (a change shows at once locally); a shared cache (CloudFront)
 * keeps it a minute at most.
 */
export const site = new Hono<AppEnv>().get('/', access.public({ lambda: 'public' }), async (c) => {
  const { company, system, security } = await getSettings(c.var.deps.db);
  c.header('Cache-Control', 'public, max-age=0, s-maxage=60');
  return c.json({ ...company, maintenanceMode: system.maintenanceMode, allowRegistration: security.allowRegistration } satisfies SiteInfo, 200);
});
