import { Script } from 'node:vm';
import { PUBLIC_PROJECT_STATUSES } from '@app/shared-types/constants';
import { TOUCH_FIELDS, TOUCH_PARAMS } from '@app/shared-types/touch';

/**
 * The query parameters each page of the website reads, and the values each may take. Only the
 * projects page reads one: ?status= (web/src/app/site/projects-page.tsx, parseProjectFilter),
 * one of the public statuses; no value means all projects. A page not listed reads none.
 */
export const PAGE_QUERIES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  '/projects': { status: PUBLIC_PROJECT_STATUSES },
};

/**
 * Attribution (issue 26): the campaign parameters a visit may land with (utm_*, gclid, fbclid).
 * No page reads them on the server and the cache does not key on them (one cache entry per page
 * still), but they stay in the visitor's address, where the website's touch script
 * (web/src/lib/visit-touch.ts) reads them: a redirect that dropped them would lose the campaign.
 */
export const TRACKING_QUERY_NAMES: readonly string[] = TOUCH_FIELDS.flatMap((field) => {
  const name = TOUCH_PARAMS[field];
  return name ? [name] : [];
});

/** Every query name some page reads: the only names CloudFront's page cache policy keys on (infra/src/constructs/web.ts). */
export const PAGE_QUERY_NAMES: readonly string[] = [...new Set(Object.values(PAGE_QUERIES).flatMap((names) => Object.keys(names)))].sort();

/**
 * CloudFront Function (viewer request, on the pages' behaviour), run before the cache lookup:
 * a page's address is either canonical (no query, or only the names its page reads, each once,
 * with a value it knows, in name order) and goes on to the cache unchanged, or it is answered
 * here with a 302 to its canonical address: unknown names and values dropped, a known value's
 * first occurrence kept, decoded. So the pages have a handful of cache keys (4 for /projects,
 * 1 for every other page), whatever query a visitor or a flood sends, and the answer to any
 * other query costs no cache miss, no origin request and no Lambda call. Campaign parameters
 * (TRACKING_QUERY_NAMES) are let through, and kept in a redirect: the cache ignores them. 302, not 301: a value
 * unknown today (a new project status) may be known tomorrow, and browsers keep a 301.
 * Portal hosts (admin.*, the SPA reads its own filters) are left alone, as the renderer leaves them.
 *
 * The same source runs in the local host (pageQueryRedirect below, through node:vm), so the
 * local measurement (infra/scripts/page-query-flood.ts) measures this code. ES5 with
 * rawQueryString(), which CloudFront's JavaScript runtime 2.0 gives the request object.
 */
export const PAGE_QUERY_CODE = `var PAGE_QUERIES = ${JSON.stringify(PAGE_QUERIES)};
var TRACKING = ${JSON.stringify(TRACKING_QUERY_NAMES)};
function has(object, key) {
  return Object.prototype.hasOwnProperty.call(object, key);
}
function decoded(value) {
  try {
    return decodeURIComponent(value.replace(/\\+/g, ' '));
  } catch (e) {
    return null;
  }
}
function canonicalQuery(page, querystring) {
  var names = Object.keys(page).sort();
  var parts = [];
  for (var i = 0; i < names.length; i++) {
    var name = names[i];
    if (!has(querystring, name)) continue;
    var entry = querystring[name];
    var first = entry.multiValue && entry.multiValue.length > 0 ? entry.multiValue[0].value : entry.value;
    var value = decoded(String(first));
    if (value !== null && page[name].indexOf(value) !== -1) parts.push(name + '=' + encodeURIComponent(value));
  }
  return parts.join('&');
}
function rebuiltQuery(querystring) {
  var parts = [];
  for (var name in querystring) {
    if (!has(querystring, name)) continue;
    var entry = querystring[name];
    var values = entry.multiValue && entry.multiValue.length > 0 ? entry.multiValue : [entry];
    for (var i = 0; i < values.length; i++) parts.push(values[i].value === '' ? name : name + '=' + values[i].value);
  }
  return parts.join('&');
}
function withoutTracking(raw) {
  var parts = raw.split('&');
  var kept = [];
  for (var i = 0; i < parts.length; i++) {
    var at = parts[i].indexOf('=');
    if (TRACKING.indexOf(at === -1 ? parts[i] : parts[i].slice(0, at)) === -1) kept.push(parts[i]);
  }
  return kept.join('&');
}
function trackingQuery(querystring) {
  var parts = [];
  for (var i = 0; i < TRACKING.length; i++) {
    var name = TRACKING[i];
    if (!has(querystring, name)) continue;
    var entry = querystring[name];
    var first = entry.multiValue && entry.multiValue.length > 0 ? entry.multiValue[0].value : entry.value;
    if (String(first) !== '') parts.push(name + '=' + String(first));
  }
  return parts.join('&');
}
function handler(event) {
  var request = event.request;
  var host = request.headers && request.headers.host ? String(request.headers.host.value).toLowerCase() : '';
  if (host.indexOf('admin.') === 0) return request;
  var uri = request.uri;
  var path = uri.length > 1 ? uri.replace(/\\/+$/, '') : uri;
  var page = has(PAGE_QUERIES, path) ? PAGE_QUERIES[path] : {};
  var querystring = request.querystring || {};
  var raw = typeof request.rawQueryString === 'function' ? request.rawQueryString() : rebuiltQuery(querystring);
  var canonical = canonicalQuery(page, querystring);
  if ((raw === undefined || raw === '') && canonical === '') return request;
  if (withoutTracking(raw || '') === canonical) return request;
  var tracking = trackingQuery(querystring);
  var query = canonical && tracking ? canonical + '&' + tracking : canonical || tracking;
  return {
    statusCode: 302,
    statusDescription: 'Found',
    headers: { location: { value: uri + (query ? '?' + query : '') } },
  };
}`;

/** A request as a CloudFront Function sees it (the fields PAGE_QUERY_CODE reads). */
export interface ViewerRequest {
  method: string;
  uri: string;
  querystring: Record<string, { value: string; multiValue?: { value: string }[] }>;
  headers: Record<string, { value: string }>;
  rawQueryString?: () => string | undefined;
}

/** A response a viewer-request function answers itself (CloudFront sends it; no cache lookup, no origin). */
export interface ViewerResponse {
  statusCode: number;
  headers: Record<string, { value: string }>;
}

function isViewerResponse(value: unknown): value is ViewerResponse {
  return typeof value === 'object' && value !== null && 'statusCode' in value && typeof value.statusCode === 'number';
}

/**
 * Runs a CloudFront Function's source in a bare context (no Node globals, as at the edge) and
 * answers its handler: the response it made, or undefined when it let the request go on.
 */
export function viewerRequestFunction(code: string): (request: ViewerRequest) => ViewerResponse | undefined {
  const handler: unknown = new Script(`${code}\nhandler;`).runInNewContext({});
  if (typeof handler !== 'function') throw new Error('The CloudFront Function source defines no handler');
  return (request) => {
    const result: unknown = handler({ version: '1.0', context: { eventType: 'viewer-request' }, viewer: { ip: '127.0.0.1' }, request });
    if (isViewerResponse(result)) return { statusCode: result.statusCode, headers: { ...result.headers } };
    if (result !== request) throw new Error('The CloudFront Function answered neither a response nor the request it was given');
    return undefined;
  };
}

/**
 * A URL as CloudFront hands it to a viewer-request function: the path, the query by name
 * (raw, as sent; a repeated name with every value in multiValue), the raw query, the host.
 */
export function viewerRequest(method: string, url: URL): ViewerRequest {
  // A Map, then own properties: a name such as __proto__ or constructor is a name like any other.
  const byName = new Map<string, { value: string; multiValue?: { value: string }[] }>();
  const raw = url.search.slice(1);
  for (const pair of raw === '' ? [] : raw.split('&')) {
    const at = pair.indexOf('=');
    const name = at === -1 ? pair : pair.slice(0, at);
    const value = at === -1 ? '' : pair.slice(at + 1);
    const entry = byName.get(name);
    if (!entry) byName.set(name, { value });
    else entry.multiValue = [...(entry.multiValue ?? [{ value: entry.value }]), { value }];
  }
  const querystring: ViewerRequest['querystring'] = Object.fromEntries(byName);
  return {
    method,
    uri: url.pathname,
    querystring,
    headers: { host: { value: url.host } },
    rawQueryString: () => (url.href.includes('?') ? raw : undefined),
  };
}

let pageQueryFunction: ReturnType<typeof viewerRequestFunction> | undefined;

/**
 * What the pages' CloudFront Function does with a request for `url`: undefined when it goes on
 * (to the cache, then the renderer), or the address it redirects to. The local host asks this
 * for every page it would render (pageQueryRedirects, site/pages-routes.ts), so it answers as CloudFront does.
 */
export function pageQueryRedirect(method: string, url: URL): string | undefined {
  pageQueryFunction ??= viewerRequestFunction(PAGE_QUERY_CODE);
  return pageQueryFunction(viewerRequest(method, url))?.headers.location?.value;
}
