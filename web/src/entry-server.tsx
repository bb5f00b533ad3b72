import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createElement, StrictMode, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { matchSite, preloadSitePage, SiteRoutes } from './app/site/site-route';
import { getBlogPostQueryOptions } from './features/blog/api/get-blog-post';
import { getBlogPostsQueryOptions } from './features/blog/api/get-blog-posts';
import { getProjectQueryOptions } from './features/projects/api/get-project';
import { getProjectsQueryOptions } from './features/projects/api/get-projects';
import { parseProjectFilter } from './features/projects/model';
import { findService } from './features/services/model';
import { setSiteOrigin } from './features/seo/site-origin';
import { getSiteInfoQueryOptions } from './features/site-info/api/get-site-info';
import { ApiError, setApiFetch } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { criticalStyleTags } from './lib/emotion-ssr';
import { EMOTION_KEY, keepServerErrors, serializeState, SSR_STATE_ID } from './lib/ssr-state';
import { IslandCollectorContext, islandIdPrefix, islandSlot, serializeProps, type IslandCollector, type IslandComponent } from './lib/island';
import { IslandRoot } from './islands/island-root';
import { ISLANDS } from './islands/registry';

export interface RenderPageInput {
  /** The request's full URL (its path and query pick the page). */
  url: string;
  /** The website's built document (web/dist/site.html): its asset tags stay, its head and #root are filled. */
  template: string;
  /** The site's public address for canonical and og:url (SITE_URL or Settings > Company website); unset: the request's origin. */
  siteUrl?: string;
  /**
   * Answers the page's API calls (paths like '/api/projects?status=all'): the
   * app itself in the same process (functions/src/site/pages-routes.ts), not HTTP.
   */
  fetchApi: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
}

export interface RenderedPage {
  status: number;
  html: string;
  /** With status 301: where the page moved (a project's old id address: its slug's). */
  location?: string;
}

type Fetch = RenderPageInput['fetchApi'];
/**
 * Each render's own API answerer (its visitor's address goes with its calls):
 * renders run concurrently on one server, so the web's one API client asks the
 * render it is called from, never another's.
 */
const renderFetch = new AsyncLocalStorage<Fetch>();
setApiFetch((input, init) => {
  const fetchApi = renderFetch.getStore();
  if (!fetchApi) return Promise.reject(new Error('An API call outside a page render'));
  return fetchApi(input, init);
});

/** A query's failure was the API's 404: the record is unknown or not public. */
function isNotFound(queryClient: QueryClient, queryKey: QueryKey): boolean {
  const error = queryClient.getQueryState(queryKey)?.error;
  return error instanceof ApiError && error.status === 404;
}

interface PrefetchedPage {
  notFound: boolean;
  /** The page's own address, when the request named it by an old one. */
  movedTo?: string;
}

/**
 * Fetches into `queryClient` what the matched page reads (the same query
 * options, so the same keys, the client uses); answers whether the page is a
 * 404, or has moved.
 */
async function prefetchPage(queryClient: QueryClient, url: URL): Promise<PrefetchedPage> {
  const search = url.searchParams;
  const leaf = matchSite(url.pathname).at(-1);
  const path = leaf?.route.path;
  const params = leaf?.params ?? {};
  await queryClient.prefetchQuery(getSiteInfoQueryOptions());
  if (!leaf || path === '*') return { notFound: true };
  if (path === 'projects') {
    await queryClient.prefetchInfiniteQuery(getProjectsQueryOptions(parseProjectFilter(search.get('status'))));
  } else if (path === 'projects/:id') {
    const options = getProjectQueryOptions(params.id ?? '');
    await queryClient.prefetchQuery(options);
    // A project's address from before slugs (its id) moves for good to its readable one (the API answers either).
    const slug = queryClient.getQueryData(options.queryKey)?.slug;
    if (slug && slug !== params.id) return { notFound: false, movedTo: `/projects/${encodeURIComponent(slug)}${url.search}` };
    return { notFound: isNotFound(queryClient, options.queryKey) };
  } else if (path === 'blog') {
    await queryClient.prefetchQuery(getBlogPostsQueryOptions());
  } else if (path === 'blog/:slug') {
    const options = getBlogPostQueryOptions(params.slug ?? '');
    await queryClient.prefetchQuery(options);
    return { notFound: isNotFound(queryClient, options.queryKey) };
  } else if (path === 'services/:slug') {
    return { notFound: !findService(params.slug) };
  }
  return { notFound: false };
}

/** The tags React hoisted (title, meta, link) out of the rendered markup, for <head>. */
function splitHoisted(markup: string): { head: string; body: string } {
  let head = '';
  let rest = markup;
  for (;;) {
    const match = /^(<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)/.exec(rest);
    if (!match) break;
    head += match[1];
    rest = rest.slice(match[1]!.length);
  }
  return { head, body: rest };
}

/**
 * Renders one public page to HTML: the matched route with its data fetched
 * first, MUI's critical CSS inlined, the query cache left for the browser to
 * hydrate from (site-main.tsx). Unknown paths and unknown project or
 * post slugs render the 'not found' page with status 404; while the site is
 * paused (maintenance) every page is the notice with status 503.
 */
export function renderPage({ fetchApi, ...input }: RenderPageInput): Promise<RenderedPage> {
  return renderFetch.run(fetchApi, () => render(input));
}

async function render({ url, template, siteUrl }: Omit<RenderPageInput, 'fetchApi'>): Promise<RenderedPage> {
  const requestUrl = new URL(url);
  const queryClient = createQueryClient();
  const [{ notFound, movedTo }] = await Promise.all([prefetchPage(queryClient, requestUrl), preloadSitePage(requestUrl.pathname)]);
  if (movedTo) return { status: 301, html: '', location: movedTo };
  keepServerErrors(queryClient);

  // Canonical, og:url and JSON-LD addresses (PageMeta): SITE_URL, else Settings > Company website, else this request's origin.
  const companyWebsite = queryClient.getQueryData(getSiteInfoQueryOptions().queryKey)?.companyWebsite;
  setSiteOrigin(siteUrl || companyWebsite || requestUrl.origin);
  const cache = createCache({ key: EMOTION_KEY });
  // Keep each rule in cache.inserted (for criticalStyleTags) instead of rendering <style> elements inline.
  cache.compat = true;
  const islands: { props: object; Component: IslandComponent }[] = [];
  const collector: IslandCollector = {
    add(name, props, Component) {
      if (!(name in ISLANDS)) throw new Error(`The island '${name}' is not in web/src/islands/registry.ts`);
      islands.push({ props, Component });
      return islands.length - 1;
    },
  };
  const markup = renderToString(
    <StrictMode>
      <CacheProvider value={cache}>
        <IslandCollectorContext.Provider value={collector}>
          <AppProviders queryClient={queryClient}>
            <StaticRouter location={`${requestUrl.pathname}${requestUrl.search}`}>
              <SiteRoutes />
            </StaticRouter>
          </AppProviders>
        </IslandCollectorContext.Provider>
      </CacheProvider>
    </StrictMode>,
  );
  let { head: hoisted, body } = splitHoisted(markup);
  // Each island as a root of its own, in the tree the browser hydrates it with (islands/hydrate.tsx): its props as JSON gives them, its own ids.
  islands.forEach(({ props, Component }, index) => {
    const island = splitHoisted(
      renderToString(
        <CacheProvider value={cache}>
          <IslandRoot queryClient={queryClient} url={requestUrl.href}>
            {createElement(Component as ComponentType<object>, JSON.parse(serializeProps(props)) as object)}
          </IslandRoot>
        </CacheProvider>,
        { identifierPrefix: islandIdPrefix(index) },
      ),
    );
    hoisted += island.head;
    body = body.replace(islandSlot(index), () => island.body);
  });
  const styles = criticalStyleTags(cache, body);
  const state = serializeState(queryClient);

  const html = template
    // The page's own title and head tags (PageMeta) replace the document's generic title, ahead of the script:
    // the LCP image's preload (hoisted by React) is the first request after the page.
    .replace(/<title>[^<]*<\/title>/, () => `${hoisted}${styles}`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${body}</div><script type="application/json" id="${SSR_STATE_ID}">${state}</script>`,
    );
  // Settings > System > maintenanceMode: the notice is the page, and crawlers are told to come back (503), not that the site is gone.
  const paused = queryClient.getQueryData(getSiteInfoQueryOptions().queryKey)?.maintenanceMode === true;
  return { status: paused ? 503 : notFound ? 404 : 200, html };
}
