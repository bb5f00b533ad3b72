import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PUBLIC_PROJECT_STATUSES } from '@app/shared-types/constants';
import { PAGE_QUERIES, PAGE_QUERY_CODE, PAGE_QUERY_NAMES, pageQueryRedirect, viewerRequestFunction, type ViewerRequest } from './page-query';

const fn = viewerRequestFunction(PAGE_QUERY_CODE);
/** What the function does with a GET of `url` on the site's host: 'pass' or the 302's Location. */
const edge = (path: string, host = 'www.kaveri-studio.in') => pageQueryRedirect('GET', new URL(`https://${host}${path}`)) ?? 'pass';

describe("the pages' CloudFront Function (viewer request), run in node on sample events", () => {
  it('lets canonical page addresses through to the cache unchanged', () => {
    for (const path of ['/', '/projects', '/projects?', '/blog', '/contact', '/projects/jubilee-hills-villa', '/projects/', '/no-such-page']) {
      expect(edge(path), path).toBe('pass');
    }
    for (const status of PUBLIC_PROJECT_STATUSES) {
      expect(edge(`/projects?status=${status}`)).toBe('pass');
      expect(edge(`/projects/?status=${status}`)).toBe('pass');
    }
  });

  it('redirects an unknown value of a known name to the page without it', () => {
    expect(edge('/projects?status=aXk29fQ')).toBe('/projects');
    expect(edge('/projects?status=all')).toBe('/projects');
    expect(edge('/projects?status=Finished')).toBe('/projects');
    expect(edge('/projects?status=')).toBe('/projects');
    expect(edge('/projects?status')).toBe('/projects');
    expect(edge('/projects?status=%E0%A4')).toBe('/projects'); // not UTF-8: not a value
  });

  it('drops unknown names, keeps a known value (decoded, its first occurrence) and puts it in canonical form', () => {
    expect(edge('/projects?utm_sauce=facebook')).toBe('/projects');
    expect(edge('/projects?status=%66inished')).toBe('/projects?status=finished');
    expect(edge('/projects?status=finished&status=ongoing')).toBe('/projects?status=finished');
    expect(edge('/projects?status=finished&')).toBe('/projects?status=finished');
    expect(edge('/projects?__proto__=x&constructor=y&status=upcoming')).toBe('/projects?status=upcoming');
  });

  it('lets campaign parameters through (the cache ignores them), and keeps them when it redirects (issue 26)', () => {
    expect(edge('/?utm_source=google&utm_medium=cpc&utm_campaign=diwali&gclid=TeSt123')).toBe('pass');
    expect(edge('/projects?utm_source=facebook')).toBe('pass');
    expect(edge('/projects?status=finished&fbclid=IwAR0x')).toBe('pass');
    expect(edge('/projects?fbclid=IwAR0x&status=ongoing')).toBe('pass');
    expect(edge('/?utm_source=google&x=1&utm_campaign=diwali%20sale')).toBe('/?utm_source=google&utm_campaign=diwali%20sale');
    expect(edge('/projects?status=nope&gclid=TeSt123&gclid=again')).toBe('/projects?gclid=TeSt123');
    expect(edge('/projects?status=ongoing&utm_term=&x=1')).toBe('/projects?status=ongoing');
    expect(edge('/?utm_source=google&utm_campaign=diwali&x=1')).toSatisfy((target: string) => edge(target) === 'pass');
  });

  it("drops a known name on a page that does not read it (?status belongs to /projects only)", () => {
    expect(edge('/?status=finished')).toBe('/');
    expect(edge('/blog?status=finished&page=2')).toBe('/blog');
    expect(edge('/projects/jubilee-hills-villa?status=ongoing')).toBe('/projects/jubilee-hills-villa');
  });

  it("leaves the portal's host alone: its SPA reads filters of its own", () => {
    expect(edge('/leads?status=new&q=nair', 'admin.kaveri-studio.in')).toBe('pass');
  });

  it('answers a 302 of its own (no cache lookup, no origin), or the very request it was given', () => {
    const request: ViewerRequest = { method: 'GET', uri: '/projects', querystring: { status: { value: 'nope' } }, headers: {}, rawQueryString: () => 'status=nope' };
    expect(fn(request)).toEqual({ statusCode: 302, headers: { location: { value: '/projects' } } });
    const fine: ViewerRequest = { method: 'GET', uri: '/projects', querystring: { status: { value: 'ongoing' } }, headers: {}, rawQueryString: () => 'status=ongoing' };
    expect(fn(fine)).toBeUndefined();
  });

  it("reads CloudFront's multiValue form, and rebuilds the raw query where rawQueryString() is missing", () => {
    const repeated: ViewerRequest = {
      method: 'GET',
      uri: '/projects',
      querystring: { status: { value: 'ongoing', multiValue: [{ value: 'ongoing' }, { value: 'finished' }] } },
      headers: { host: { value: 'www.kaveri-studio.in' } },
    };
    expect(fn(repeated)?.headers.location).toEqual({ value: '/projects?status=ongoing' });
    const junk: ViewerRequest = { method: 'GET', uri: '/projects', querystring: { x: { value: '1' } }, headers: {} };
    expect(fn(junk)?.headers.location).toEqual({ value: '/projects' });
    const canonical: ViewerRequest = { method: 'GET', uri: '/projects', querystring: { status: { value: 'upcoming' } }, headers: {} };
    expect(fn(canonical)).toBeUndefined();
  });

  it('sends any query to a canonical address in one hop: 10,000 random ones end on 4 addresses of /projects', () => {
    let seed = 42;
    // mulberry32: a 32-bit generator in integer arithmetic (a float LCG loses its low bits).
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
    };
    const token = () => Math.floor(random() * 36 ** 6).toString(36);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const landed = new Set<string>();
    for (let n = 0; n < 10_000; n++) {
      const pairs = Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
        pick([`status=${token()}`, `status=${pick(PUBLIC_PROJECT_STATUSES)}`, `${token()}=${token()}`, `status=%${token().slice(0, 2)}`]),
      );
      const path = `/projects?${pairs.join('&')}`;
      const answer = edge(path);
      const target = answer === 'pass' ? path : answer;
      expect(edge(target), `${path} -> ${target}`).toBe('pass');
      landed.add(target);
    }
    expect([...landed].sort()).toEqual(['/projects', ...PUBLIC_PROJECT_STATUSES.map((s) => `/projects?status=${s}`)].sort());
  });

  it('fits CloudFront Functions: under 10 KB, runs without any Node global', () => {
    expect(Buffer.byteLength(PAGE_QUERY_CODE)).toBeLessThan(10 * 1024);
    expect(PAGE_QUERY_CODE).not.toMatch(/\b(require|process|Buffer|globalThis|URLSearchParams|URL)\b/);
  });
});

describe('the query names the pages read', () => {
  const webSrc = fileURLToPath(new URL('../../../web/src/', import.meta.url));
  const siteFiles = [
    join(webSrc, 'entry-server.tsx'),
    ...readdirSync(join(webSrc, 'app/site'))
      .filter((file) => file.endsWith('.tsx') && !file.includes('.test.'))
      .map((file) => join(webSrc, 'app/site', file)),
  ];

  it("are exactly PAGE_QUERY_NAMES: every .get('<name>') of search params in the website's pages and its server render", () => {
    const read = new Set<string>();
    for (const file of siteFiles) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\b(?:searchParams|search)\.get\('([^']+)'\)/g)) read.add(match[1]!);
    }
    expect([...read].sort()).toEqual([...PAGE_QUERY_NAMES]);
  });

  it("allow the projects page's ?status= values only: the public statuses parseProjectFilter takes", () => {
    expect(PAGE_QUERIES).toEqual({ '/projects': { status: PUBLIC_PROJECT_STATUSES } });
    expect(PAGE_QUERY_NAMES).toEqual(['status']);
  });
});
