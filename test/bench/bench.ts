/**
 * npm run bench: numbers, not pass/fail. Builds the app if needed, starts it on
 * an in-memory DynamoDB Local, then prints
 * - the gzip size of the JavaScript the home page loads (measured in Chromium),
 *   and of the admin code the portal loads on top of it (login, Leads CRM);
 * - p50/p99 latency of POST /api/calculator at a fixed request rate for 20 s;
 * - p50/p99 latency of GET /api/leads with 10,000 leads in the table (first
 *   page, a filtered page, a search), at the same fixed rate.
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

const ADMIN_EMAIL = 'bench-admin@example.com';
const ADMIN_PASSWORD = 'bench-password-123';
const BENCH_LEADS = Number(process.env.BENCH_LEADS ?? 10_000);
const BENCH_PROJECTS = Number(process.env.BENCH_PROJECTS ?? 2_000);

function startServer(endpoint: string) {
  return launchLocalServer({
    cwd: root,
    args: ['functions/dist/local-server.js'],
    env: {
      PORT: '0',
      DYNAMODB_ENDPOINT: endpoint,
      TABLE_NAME: 'bench',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
    },
  });
}

/** Script paths the page at `path` loads, after `prepare` (e.g. signing in). */
async function scriptsOf(url: string, path: string, waitFor?: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  if (waitFor) {
    const login = await context.request.post(`${url}/api/auth/login`, {
      headers: { origin: url },
      data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    if (!login.ok()) throw new Error(`bench sign-in failed: ${login.status()}`);
  }
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && request.url().startsWith(url)) scripts.add(new URL(request.url()).pathname);
  });
  await page.route((u) => !u.href.startsWith(url), (route) => route.abort());
  await page.goto(`${url}${path}`, { waitUntil: 'networkidle' });
  if (waitFor) await page.getByText(waitFor).first().waitFor();
  await page.waitForLoadState('networkidle');
  await browser.close();
  return scripts;
}

function sizes(paths: Iterable<string>) {
  let raw = 0;
  let gzip = 0;
  const files = [...paths];
  for (const path of files) {
    const file = readFileSync(`${root}web/dist${path}`);
    raw += file.length;
    gzip += gzipSync(file, { level: 9 }).length;
  }
  return { files, raw, gzip };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('session='))?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`bench sign-in failed: ${response.status}`);
  return cookie;
}

/** Fills the table with leads through the bulk import, 1,000 per request. */
async function seedLeads(url: string, cookie: string, count: number) {
  const sources = ['Facebook Ads', 'Google Ads', 'Website', 'Referral', 'Direct Call', 'Instagram', 'WhatsApp'];
  const types = ['1BHK', '2BHK', '3BHK', '4BHK', 'Villa', 'Office', 'Commercial', 'Renovation'];
  const started = performance.now();
  for (let offset = 0; offset < count; offset += 1000) {
    const leadsData = Array.from({ length: Math.min(1000, count - offset) }, (_, j) => {
      const i = offset + j;
      return {
        name: `Bench Lead ${i}`,
        phone: `8${String(100000000 + i)}`,
        email: `lead${i}@example.com`,
        source: sources[i % sources.length],
        budget: String(300000 + (i % 50) * 25000),
        projectType: types[i % types.length],
        location: 'Hyderabad',
        requirements: 'Full home interiors: modular kitchen, wardrobes, false ceiling and lighting',
      };
    });
    const response = await fetch(`${url}/api/leads/bulk-import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, cookie },
      body: JSON.stringify({ leadsData }),
    });
    const result = (await response.json()) as { leads?: unknown[] };
    if (!response.ok || result.leads?.length !== leadsData.length) throw new Error(`bulk import failed: ${response.status}`);
  }
  return (performance.now() - started) / 1000;
}

/**
 * Creates `count` projects over 50 customers through the API, 10 requests at a
 * time (each one a transaction with its customer's count and the dashboard's).
 */
async function seedProjects(url: string, cookie: string, count: number) {
  const headers = { 'content-type': 'application/json', origin: url, cookie };
  const customers: string[] = [];
  for (let i = 0; i < 50; i++) {
    const response = await fetch(`${url}/api/customers`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ firstName: `Bench Customer ${i}`, phone: `7${String(100000000 + i)}` }),
    });
    if (!response.ok) throw new Error(`customer create failed: ${response.status}`);
    customers.push(((await response.json()) as { id: string }).id);
  }
  const statuses = ['planning', 'design', 'approval', 'execution', 'completed', 'on_hold'];
  const started = performance.now();
  for (let offset = 0; offset < count; offset += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, count - offset) }, async (_, j) => {
        const i = offset + j;
        const response = await fetch(`${url}/api/projects`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            customerId: customers[i % customers.length],
            name: `Bench Project ${i}`,
            projectType: '3BHK',
            status: statuses[i % statuses.length],
            estimatedBudget: 1_500_000 + i,
            showOnWebsite: i % 10 === 0,
            location: 'Gachibowli, Hyderabad',
          }),
        });
        if (!response.ok) throw new Error(`project create failed: ${response.status} ${await response.text()}`);
      }),
    );
  }
  return (performance.now() - started) / 1000;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Sends `request(n)` at RATE_PER_SECOND for `seconds` and reports latency percentiles. */
async function constantRate(seconds: number, request: (n: number) => Promise<Response>) {
  const total = RATE_PER_SECOND * seconds;
  const intervalMs = 1000 / RATE_PER_SECOND;
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    const due = started + n * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      (async () => {
        const t0 = performance.now();
        const response = await request(n);
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

function calculatorLoad(url: string, options: { seconds: number; firstVisitor: number }) {
  return constantRate(options.seconds, (n) => {
    const i = options.firstVisitor + n;
    return fetch(`${url}/api/calculator`, {
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
  });
}

function report(label: string, load: Awaited<ReturnType<typeof constantRate>>) {
  console.log(
    `${label} at ${RATE_PER_SECOND}/s (${load.requests} requests, ${load.seconds.toFixed(1)} s): ` +
      `p50 ${load.p50.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms, max ${load.max.toFixed(1)} ms, statuses ${JSON.stringify(load.statuses)}`,
  );
}

buildIfNeeded();
const dynamo = await startDynamoLocal();
const server = await startServer(dynamo.endpoint);
try {
  const home = await scriptsOf(server.url, '/');
  const js = sizes(home);
  console.log(`Home page JS: ${js.files.length} files, ${kib(js.raw)} raw, ${kib(js.gzip)} gzip`);
  for (const file of js.files) console.log(`  ${file}`);
  const adminOnly = (scripts: Set<string>) => sizes([...scripts].filter((path) => !home.has(path)));
  const login = adminOnly(await scriptsOf(server.url, '/admin'));
  console.log(`Admin chunk (login form, on top of the home page's JS): ${login.files.length} files, ${kib(login.raw)} raw, ${kib(login.gzip)} gzip`);
  const leadsPage = adminOnly(await scriptsOf(server.url, '/admin/leads', 'Bulk Import'));
  console.log(`Admin chunks for the Leads CRM (signed in): ${leadsPage.files.length} files, ${kib(leadsPage.raw)} raw, ${kib(leadsPage.gzip)} gzip`);
  for (const file of leadsPage.files) console.log(`  ${file}`);
  const projectsPage = adminOnly(await scriptsOf(server.url, '/admin/projects', 'New Project'));
  console.log(`Admin chunks for Project Management (signed in): ${projectsPage.files.length} files, ${kib(projectsPage.raw)} raw, ${kib(projectsPage.gzip)} gzip`);
  const vendorsPage = adminOnly(await scriptsOf(server.url, '/admin/vendors', 'Add Vendor'));
  console.log(`Admin chunks for Vendors (signed in): ${vendorsPage.files.length} files, ${kib(vendorsPage.raw)} raw, ${kib(vendorsPage.gzip)} gzip`);

  // Warm up the JIT of Node and of DynamoDB Local's JVM first; those requests are not counted.
  await calculatorLoad(server.url, { seconds: 3, firstVisitor: 50_000 });
  report(`POST /api/calculator for ${DURATION_SECONDS} s`, await calculatorLoad(server.url, { seconds: DURATION_SECONDS, firstVisitor: 0 }));

  const cookie = await signIn(server.url);
  const seconds = await seedLeads(server.url, cookie, BENCH_LEADS);
  console.log(`Seeded ${BENCH_LEADS} leads through POST /api/leads/bulk-import (1,000 per request) in ${seconds.toFixed(1)} s`);
  const getLeads = (query: string) => () =>
    fetch(`${server.url}/api/leads?${query}`, { headers: { cookie, origin: server.url } });
  await constantRate(3, getLeads('limit=25'));
  const total = BENCH_LEADS + RATE_PER_SECOND * (DURATION_SECONDS + 3);
  report(`GET /api/leads?limit=25 (${total} leads) for ${DURATION_SECONDS} s`, await constantRate(DURATION_SECONDS, getLeads('limit=25')));
  report(`GET /api/leads?source=Referral&limit=25 for 10 s`, await constantRate(10, getLeads('source=Referral&limit=25')));
  report(`GET /api/leads?q=lead9999@ (one match, reads up to 2,000 leads) for 10 s`, await constantRate(10, getLeads('q=lead9999%40&limit=25')));

  const projectSeconds = await seedProjects(server.url, cookie, BENCH_PROJECTS);
  console.log(`Created ${BENCH_PROJECTS} projects through POST /api/projects (10 at a time) in ${projectSeconds.toFixed(1)} s`);
  const getProjects = (path: string) => () => fetch(`${server.url}${path}`, { headers: { cookie, origin: server.url } });
  report(`GET /api/projects/manage?limit=24 (${BENCH_PROJECTS} projects) for 10 s`, await constantRate(10, getProjects('/api/projects/manage?limit=24')));
  report(`GET /api/projects/manage?status=execution&limit=24 for 10 s`, await constantRate(10, getProjects('/api/projects/manage?status=execution&limit=24')));
  report(`GET /api/projects/manage?q=bench%20project%201999 (one match) for 10 s`, await constantRate(10, getProjects('/api/projects/manage?q=bench%20project%201999&limit=24')));
  report(`GET /api/projects?status=ongoing (website) for 10 s`, await constantRate(10, getProjects('/api/projects?status=ongoing')));
} finally {
  await server.stop();
  await dynamo.stop();
}
