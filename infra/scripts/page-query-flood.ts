/**
 * npm run bench:page-queries -w infra: what 10,000 requests for website pages with random
 * queries cost. Starts the local host as `npm start` runs it (the built functions/dist server,
 * DynamoDB Local in memory), sends FLOOD_REQUESTS (10,000) GETs, FLOOD_IN_FLIGHT (16) at a time,
 * and prints how many reached the page renderer and how many the pages' CloudFront Function
 * answered itself. The local host runs that function's own source before it renders
 * (functions/src/site/page-query.ts through node:vm; CloudFront runs the same text,
 * infra/src/constructs/web.ts), so what it answers here is what the edge answers: a 302 made at
 * the edge, with no cache lookup, no origin request, no Lambda call.
 *
 * The local host has no cache: every request that passes the function is rendered here. Behind
 * CloudFront those are looked up in the cache under their path and the allowlisted names
 * (PAGE_QUERY_NAMES), so the distinct addresses that reached the renderer are the distinct
 * cache keys: the renderer runs at most once per key per s-maxage (60 s) behind CloudFront.
 * Numbers, not pass/fail.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PUBLIC_PROJECT_STATUSES } from '@app/shared-types/constants';
import { launchLocalServer } from '@app/functions/local/launch';
import { PAGE_QUERY_NAMES } from '@app/functions/site/page-query';
import { PAGE_CACHE_CONTROL, NOT_FOUND_CACHE_CONTROL } from '@app/functions/site/pages-routes';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const REQUESTS = Number(process.env.FLOOD_REQUESTS ?? 10_000);
const IN_FLIGHT = Number(process.env.FLOOD_IN_FLIGHT ?? 16);

// A fixed seed: the same 10,000 addresses on every run.
let seed = 20_240_024;
// mulberry32: a 32-bit generator in integer arithmetic (a float LCG loses its low bits).
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const token = (length = 8) => Array.from({ length }, () => pick([...'abcdefghijklmnopqrstuvwxyz0123456789'])).join('');

/** One random page address: mostly what a flood sends (?status=<random>), some of everything else, a few canonical ones. */
function randomAddress(): string {
  const roll = random();
  if (roll < 0.6) return `/projects?status=${token()}`; // the issue's case: a new cache key per request
  if (roll < 0.7) return `/projects?${token(5)}=${token()}`;
  if (roll < 0.75) return `/projects?status=${pick(PUBLIC_PROJECT_STATUSES)}&${token(5)}=${token()}`;
  if (roll < 0.8) return `/projects?status=${pick(PUBLIC_PROJECT_STATUSES)}&status=${token()}`;
  if (roll < 0.85) return `/projects?status=%${pick(['66', '6F', '75'])}${token(4)}`;
  if (roll < 0.95) return `${pick(['/', '/blog', '/contact', '/calculator', '/services'])}?${pick(['status', 'utm_source', 'page', token(4)])}=${token()}`;
  return `/projects?status=${pick(PUBLIC_PROJECT_STATUSES)}`; // canonical: a visitor's filter
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function main() {
  buildIfNeeded();
  const dataDir = mkdtempSync(join(tmpdir(), 'page-query-flood-'));
  const server = await launchLocalServer({
    cwd: root,
    args: ['functions/dist/local-server.js'],
    // Java at the normal CPU priority, as the local host test starts it: this measures the function, not a starved database.
    env: { PORT: '0', DATA_DIR: dataDir, DYNAMODB_IN_MEMORY: '1', DYNAMODB_YIELD_CPU: '0', LOG_LEVEL: 'silent' },
    timeoutMs: 180_000,
  });
  try {
    const answered: number[] = [];
    const rendered: number[] = [];
    const renderedAddresses = new Set<string>();
    const landedOn = new Set<string>();
    const other = new Map<string, number>();
    // The keys CloudFront's cache policy alone (path and the allowlisted names, no function) would have made of the same addresses.
    const keysWithoutFunction = new Set<string>();
    let next = 0;
    const worker = async () => {
      while (next++ < REQUESTS) {
        const address = randomAddress();
        const url = new URL(address, 'http://localhost');
        keysWithoutFunction.add(`${url.pathname}?${[...url.searchParams].filter(([name]) => PAGE_QUERY_NAMES.includes(name)).map(([name, value]) => `${name}=${value}`).join('&')}`);
        const started = performance.now();
        const response = await fetch(`${server.url}${address}`, { redirect: 'manual' });
        await response.arrayBuffer();
        const elapsed = performance.now() - started;
        const cacheControl = response.headers.get('cache-control');
        const location = response.headers.get('location');
        if (response.status === 302 && location) {
          answered.push(elapsed);
          landedOn.add(location);
        } else if (cacheControl === PAGE_CACHE_CONTROL || cacheControl === NOT_FOUND_CACHE_CONTROL) {
          rendered.push(elapsed);
          renderedAddresses.add(address);
        } else {
          const key = `${response.status} ${cacheControl ?? '-'}`;
          other.set(key, (other.get(key) ?? 0) + 1);
        }
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    const seconds = (performance.now() - started) / 1000;

    // Where the 302s send a browser: each a canonical address, which the function lets through.
    let canonicalTargets = 0;
    for (const target of landedOn) {
      const response = await fetch(`${server.url}${target}`, { redirect: 'manual' });
      await response.arrayBuffer();
      if (response.status !== 302) canonicalTargets++;
    }

    const ms = (values: number[], p: number) => `${percentile([...values].sort((a, b) => a - b), p).toFixed(1)} ms`;
    console.log(`Page requests with random queries against the local host (${REQUESTS} GETs, ${IN_FLIGHT} in flight, ${seconds.toFixed(1)} s):`);
    console.log(`  answered by the page-query function (302 to the canonical address)  ${answered.length}  p50 ${ms(answered, 50)}, p99 ${ms(answered, 99)}`);
    console.log(`  reached the page renderer                                          ${rendered.length}  p50 ${ms(rendered, 50)}, p99 ${ms(rendered, 99)}`);
    if (other.size > 0) console.log(`  other answers                                                      ${JSON.stringify(Object.fromEntries(other))}`);
    console.log(`  distinct addresses that reached the renderer (CloudFront cache keys) ${renderedAddresses.size}: ${[...renderedAddresses].sort().join(', ')}`);
    console.log(`  distinct 302 targets                                               ${landedOn.size}, of which canonical (not redirected again) ${canonicalTargets}`);
    console.log(`  without the function, the cache policy alone would have keyed them under ${keysWithoutFunction.size} keys (each a Lambda render)`);
    console.log(
      `  behind CloudFront: ${answered.length} answered at the edge, the rest looked up under ${renderedAddresses.size} keys: ` +
        `at most ${renderedAddresses.size} renders per 60 s (s-maxage), whatever the rate`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
