import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { isPortalPath } from '@app/shared-types/app-paths';
import { MAINTENANCE_RETRY_AFTER_SECONDS } from '@app/shared-types/settings';
import type { AppEnv } from '../app-deps';
import { log } from '../lib/log';
import { access } from '../lib/route-access';
import { pageQueryRedirect } from './page-query';

/**
 * Rendered HTML is cached by CloudFront for a minute and served stale while it
 * renders again for five more: a content change shows within about a minute,
 * with no invalidation calls. Browsers always ask again.
 */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
/** A 404 (and the maintenance notice) is cached shorter, so a page published, or the site reopened, a moment later shows soon. */
export const NOT_FOUND_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60';

/** Paths that are never a page of the website besides the portal's: the API, build assets, photos, backups. */
const NOT_PAGES = ['/api/', '/assets/', '/uploads/', '/backup-files/'];

/** Whether the website renders `path` (a 404 page for paths it does not know); the portal's paths (the SPA) are not its. */
export function isSitePath(path: string): boolean {
  if (isPortalPath(path)) return false;
  if (NOT_PAGES.some((prefix) => path.startsWith(prefix))) return false;
  // A file name (favicon.svg, images/hero.svg): the host's static files answer it.
  return !/\.[a-z0-9]+$/i.test(path.split('/').at(-1) ?? '');
}

async function render(c: Context<AppEnv>, app: { request: (input: string, init?: RequestInit, env?: unknown) => Response | Promise<Response> }) {
  const renderPage = c.var.deps.renderPage;
  if (!renderPage) return undefined;
  try {
    const page = await renderPage({
      url: c.req.url,
      siteUrl: c.var.deps.siteUrl,
      // The page's data comes from the app's own routes in this process (no HTTP), as this visitor.
      fetchApi: async (input, init) => {
        const headers = new Headers(init?.headers);
        const forwarded = c.req.header('x-forwarded-for');
        if (forwarded) headers.set('x-forwarded-for', forwarded);
        return app.request(input instanceof Request ? input.url : String(input), { ...init, headers }, c.env);
      },
    });
    // A project's address from before slugs (its id) moves for good to its readable one: the renderer found it reading the page's data.
    if (page.status === 301 && page.location) {
      c.header('Cache-Control', PAGE_CACHE_CONTROL);
      return c.redirect(page.location, 301);
    }
    c.header('Cache-Control', page.status === 200 ? PAGE_CACHE_CONTROL : NOT_FOUND_CACHE_CONTROL);
    // The maintenance notice (Settings > System): come back later, like the paused forms.
    if (page.status === 503) c.header('Retry-After', String(MAINTENANCE_RETRY_AFTER_SECONDS));
    return c.html(page.html, page.status === 404 || page.status === 503 ? page.status : 200);
  } catch (error) {
    log.error('page render failed', { path: c.req.path, requestId: c.var.requestId, error });
    throw error;
  }
}

/**
 * GET (and HEAD) of every website path: rendered on the server (the web's
 * entry-server.tsx through Deps.renderPage), unknown paths as the 404 page.
 * Without a renderer, or for paths that are not pages (isSitePath), the request
 * goes on to the host (static files, the portal's index.html).
 */
export function pageRoutes(app: { request: (input: string, init?: RequestInit, env?: unknown) => Response | Promise<Response> }) {
  return new Hono<AppEnv>().get('*', access.public({ lambda: 'public' }), async (c, next) => {
    // PRODUCT.md: a host whose name starts with 'admin.' is the portal at '/' (the SPA, web/src/app/router.tsx).
    const host = new URL(c.req.url).hostname;
    if (host.toLowerCase().startsWith('admin.') || !isSitePath(c.req.path)) return next();
    const response = await render(c, app);
    if (!response) return next();
    return response;
  });
}

/**
 * For the local host, which has no CloudFront in front: the pages' CloudFront Function
 * (site/page-query.ts, the same source), run on every GET or HEAD of a page before it is
 * rendered. A query that is not its page's canonical one is answered with the function's 302,
 * as the edge answers it, and never reaches the renderer.
 */
export function pageQueryRedirects(): MiddlewareHandler {
  return async (c, next) => {
    if ((c.req.method === 'GET' || c.req.method === 'HEAD') && isSitePath(c.req.path)) {
      const location = pageQueryRedirect(c.req.method, new URL(c.req.url));
      if (location) return c.redirect(location, 302);
    }
    return next();
  };
}
