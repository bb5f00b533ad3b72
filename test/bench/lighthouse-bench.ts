/**
 * Lighthouse's part of `npm run bench` (BENCH_ONLY=lighthouse runs it alone):
 * Lighthouse mobile with its default (simulated) throttling, driving the same
 * Chromium as the e2e tests, on /, /projects, /calculator and a published blog
 * post (the first-start content's), BENCH_LIGHTHOUSE_RUNS times each (1). It
 * prints the four category scores and LCP, CLS and TBT per page, and the gzip
 * size of the scripts the home page loads (and of those it requested before
 * its first contentful paint), each against the budget of issue 16 ('over' / 'ok'). Numbers, not a
 * timed test: the machine's load is printed beside them.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';

const root = fileURLToPath(new URL('../../', import.meta.url));
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);
const PAGES = ['/', '/projects', '/calculator', '/blog/modern-3bhk-makeover'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** Issue 16's budget: every category score at least 0.95, LCP ≤ 1.8 s, CLS ≤ 0.05, TBT ≤ 150 ms, home JS ≤ 150 KiB gzip. */
export const BUDGET = { score: 0.95, lcpMs: 1800, cls: 0.05, tbtMs: 150, homeJsKiB: 150 };

const verdict = (within: boolean) => (within ? 'ok  ' : 'OVER');
const kibOf = (bytes: number) => bytes / 1024;

interface NetworkItem {
  url: string;
  resourceType?: string;
  rendererStartTime?: number;
}

/** The same-origin scripts the page asked for before its first contentful paint (observed, not simulated, times). */
function scriptsBeforePaint(lhr: Result, origin: string) {
  const metrics = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ?? {};
  const fcp = metrics.observedFirstContentfulPaint ?? Infinity;
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter(
    (item) => item.resourceType === 'Script' && item.url.startsWith(origin),
  );
  const paths = (items: NetworkItem[]) => [...new Set(items.map((item) => new URL(item.url).pathname))];
  return {
    beforePaint: paths(requests.filter((item) => (item.rendererStartTime ?? Infinity) < fcp)),
    all: paths(requests),
  };
}

/** Gzip (level 9) bytes of built files under web/dist, as the other bench parts measure them. */
function gzipBytes(paths: string[]) {
  return paths.reduce((sum, path) => sum + gzipSync(readFileSync(`${root}web/dist${path}`), { level: 9 }).length, 0);
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export async function lighthouseBench(url: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const origin = new URL(url).origin;
  console.log(`Lighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile, default throttling; load average ${loadavg().map((n) => n.toFixed(1)).join(' ')} on this machine`);
  console.log(`  ${'page'.padEnd(30)}${'perf'.padEnd(7)}${'a11y'.padEnd(7)}${'b-p'.padEnd(7)}${'seo'.padEnd(7)}${'LCP'.padEnd(10)}${'CLS'.padEnd(8)}${'TBT'.padEnd(9)}budget`);
  let homeScripts: ReturnType<typeof scriptsBeforePaint> | undefined;
  try {
    for (const path of PAGES) {
      const runs: Result[] = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(`${url}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
        if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${result.lhr.runtimeError.message}`);
        runs.push(result.lhr);
      }
      const scores = CATEGORIES.map((category) => median(runs.map((lhr) => lhr.categories[category]?.score ?? 0)));
      const metric = (id: string) => median(runs.map((lhr) => lhr.audits[id]?.numericValue ?? NaN));
      const lcp = metric('largest-contentful-paint');
      const cls = metric('cumulative-layout-shift');
      const tbt = metric('total-blocking-time');
      const over = [
        ...CATEGORIES.filter((_, i) => scores[i]! < BUDGET.score),
        ...(lcp > BUDGET.lcpMs ? ['LCP'] : []),
        ...(cls > BUDGET.cls ? ['CLS'] : []),
        ...(tbt > BUDGET.tbtMs ? ['TBT'] : []),
      ];
      console.log(
        `  ${path.padEnd(30)}${scores.map((score) => score.toFixed(2).padEnd(7)).join('')}` +
          `${`${(lcp / 1000).toFixed(2)} s`.padEnd(10)}${cls.toFixed(3).padEnd(8)}${`${Math.round(tbt)} ms`.padEnd(9)}` +
          `${verdict(over.length === 0)}${over.length ? ` (${over.join(', ')})` : ''}`,
      );
      if (over.includes('performance') || over.includes('CLS')) {
        for (const lhr of runs.slice(0, 1)) {
          const lcpElement = (lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)?.items?.[0]?.items?.[0]?.node?.snippet;
          if (lcpElement) console.log(`    LCP element: ${lcpElement.slice(0, 140)}`);
          const phases = (lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { phase?: string; timing?: number }[] }[] } | undefined)?.items?.[1]?.items ?? [];
          if (phases.length) console.log(`    LCP phases: ${phases.map((item) => `${item.phase} ${Math.round(item.timing ?? 0)} ms`).join(', ')}`);
          const shifts = (lhr.audits['layout-shifts']?.details as { items?: { node?: { snippet?: string }; score?: number }[] } | undefined)?.items ?? [];
          for (const shift of shifts.slice(0, 3)) console.log(`    layout shift ${shift.score?.toFixed(3)}: ${shift.node?.snippet?.slice(0, 140) ?? '?'}`);
        }
      }
      if (path === '/') homeScripts = scriptsBeforePaint(runs[0]!, origin);
    }
  } finally {
    await chrome.kill();
  }
  if (homeScripts) {
    const before = kibOf(gzipBytes(homeScripts.beforePaint));
    const all = kibOf(gzipBytes(homeScripts.all));
    // The budget is for all the JS the home page loads; with the server rendering, little of it comes before the first paint.
    console.log(
      `  Home page JS: ${homeScripts.all.length} files, ${all.toFixed(1)} KiB gzip (budget ${BUDGET.homeJsKiB} KiB: ${verdict(all <= BUDGET.homeJsKiB).trim()}); ` +
        `requested before the first contentful paint (*): ${homeScripts.beforePaint.length} files, ${before.toFixed(1)} KiB gzip`,
    );
    for (const path of homeScripts.all) console.log(`    ${homeScripts.beforePaint.includes(path) ? '*' : ' '} ${path}`);
  }
}
