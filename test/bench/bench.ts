/**
 * npm run bench: numbers, not pass/fail. Builds the app if needed, starts it on
 * an in-memory DynamoDB Local, then prints
 * - the gzip size of the JavaScript the home page loads (measured in Chromium);
 * - p50/p99 latency of POST /api/calculator at a fixed request rate for 20 s.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startDynamoLocal } from '@app/functions/local/dynamo-local';
import { launchLocalServer } from '@app/functions/local/launch';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const RATE_PER_SECOND = Number(process.env.BENCH_RATE ?? 20);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);

function startServer(endpoint: string) {
  return launchLocalServer({
    cwd: root,
    args: ['functions/dist/local-server.js'],
    env: { PORT: '0', DYNAMODB_ENDPOINT: endpoint, TABLE_NAME: 'bench', TRUST_PROXY: '1', LOG_LEVEL: 'silent' },
  });
}

async function homePageJs(url: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage();
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && request.url().startsWith(url)) scripts.add(new URL(request.url()).pathname);
  });
  await page.route((u) => !u.href.startsWith(url), (route) => route.abort());
  await page.goto(url, { waitUntil: 'networkidle' });
  await browser.close();
  let raw = 0;
  let gzip = 0;
  for (const path of scripts) {
    const file = readFileSync(`${root}web/dist${path}`);
    raw += file.length;
    gzip += gzipSync(file, { level: 9 }).length;
  }
  return { files: [...scripts], raw, gzip };
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function calculatorLoad(url: string, options: { seconds: number; firstVisitor: number }) {
  const total = RATE_PER_SECOND * options.seconds;
  const intervalMs = 1000 / RATE_PER_SECOND;
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    const i = options.firstVisitor + n;
    const due = started + n * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      (async () => {
        const t0 = performance.now();
        const response = await fetch(`${url}/api/calculator`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.${(i >> 8) & 255}.${i & 255}` },
          body: JSON.stringify({
            bhk: '3bhk',
            area: 1000 + (i % 500),
            material: 'premium',
            rooms: 'all',
            name: `Bench visitor ${i}`,
            phone: `9${String(100000000 + i)}`,
            email: '',
            city: 'Hyderabad',
          }),
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      })(),
    );
  }
  await Promise.all(inFlight);
  const sorted = latencies.sort((a, b) => a - b);
  return {
    requests: total,
    seconds: (performance.now() - started) / 1000,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    statuses: Object.fromEntries(statuses),
  };
}

buildIfNeeded();
const dynamo = await startDynamoLocal();
const server = await startServer(dynamo.endpoint);
try {
  const js = await homePageJs(server.url);
  console.log(`Home page JS: ${js.files.length} files, ${(js.raw / 1024).toFixed(1)} KiB raw, ${(js.gzip / 1024).toFixed(1)} KiB gzip`);
  for (const file of js.files) console.log(`  ${file}`);
  // Warm up the JIT of Node and of DynamoDB Local's JVM first; those requests are not counted.
  await calculatorLoad(server.url, { seconds: 3, firstVisitor: 50_000 });
  const load = await calculatorLoad(server.url, { seconds: DURATION_SECONDS, firstVisitor: 0 });
  console.log(
    `POST /api/calculator at ${RATE_PER_SECOND}/s for ${DURATION_SECONDS} s (${load.requests} requests, ${load.seconds.toFixed(1)} s): ` +
      `p50 ${load.p50.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms, max ${load.max.toFixed(1)} ms, statuses ${JSON.stringify(load.statuses)}`,
  );
} finally {
  await server.stop();
  await dynamo.stop();
}
