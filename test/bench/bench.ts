/**
 * npm run bench: numbers, not pass/fail. Builds the app if needed, starts it on
 * an in-memory DynamoDB Local, then prints
 * - the gzip size of the JavaScript the home page loads (measured in Chromium),
 *   and of the admin code the portal loads on top of it (login, Leads CRM);
 * - p50/p99 latency of POST /api/calculator at a fixed request rate for 20 s;
 * - p50/p99 latency of GET /api/leads with 10,000 leads in the table (first
 *   page, a filtered page, one-match searches by email, surname, phone digits
 *   and two words: each reads the token index, SEARCH#Lead#<token>), at the
 *   same fixed rate;
 * - the same searches, the first page and a filtered page again with 100,000
 *   leads (BENCH_LEADS_LARGE; 0 skips it), the leads beyond the first 10,000
 *   written straight into DynamoDB Local by BatchWriteItem (the items the
 *   import writes: lead, phone marker, tokens, audit entry; lead-data.ts);
 * - p50/p99 latency of GET / (a static file) during bursts of 40 concurrent
 *   failed logins (unknown emails, an IP each), and how the logins were answered.
 *   DynamoDB Local runs as `npm start` runs it: at a lower CPU priority (yieldCpu).
 * - Finance: GET /api/finance/summary p50/p99 with 5,000 and with 50,000
 *   transactions (BENCH_TRANSACTIONS, BENCH_TRANSACTIONS_LARGE; 0 skips the
 *   second), written straight into DynamoDB Local through createTransaction,
 *   and POST /api/transactions p50/p99.
 * - Quotation PDF: a 40-row quote rendered BENCH_PDF_RUNS times (30) in this
 *   process, as the PDF function and the local server render it: the first
 *   render (fonts read) apart, then p50/p99, the size and the page count.
 * BENCH_ONLY=finance runs only the finance part (a few minutes); BENCH_ONLY=pdf only the PDF part;
 * BENCH_ONLY=employees only the employees part (employees-bench.ts); BENCH_ONLY=backup only the backup
 * and restore of 200,000 items, the restore killed part way and resumed (backup-bench.ts).
 * - Hot keys (hot-keys-bench.ts; BENCH_ONLY=hotkeys alone): the blog view beacon's p50/p99, 1,000 views of one post 50 at once,
 *   and one-word common lead searches' p50/p99 at 100,000 leads.
 * - Blog (blog-bench.ts; BENCH_ONLY=blog alone): the public list, a post by slug, the view beacon, sitemap, RSS and Blog Management's list, p50/p99.
 * - Attendance (attendance-bench.ts): list pages, the monthly report and today's cards over a month of records for 30 employees.
 * - Notification outbox (outbox-bench.ts; BENCH_ONLY=outbox alone): 200 events sent to a local SMTP server, one sender and two at once, events/s.
 * - Lead webhooks (webhooks-bench.ts; BENCH_ONLY=webhooks alone): signed Meta leadgen events at BENCH_RATE/s, the answer's p50/p99 (issue 26: p99 <= 50 ms), the Graph fetches from the outbox.
 * - Server rendering (ssr-bench.ts; BENCH_ONLY=ssr alone): the page renderer's cold start (first rendered / in a fresh Node process) and p50/p99 of rendering /, /projects and a post.
 * - Lighthouse (lighthouse-bench.ts; BENCH_ONLY=lighthouse alone): mobile scores, LCP, CLS, TBT of /, /projects, /calculator, /contact and a post, each page's JS (gzip) and the home page's scripts, against issues 16 and 25's budget (TBT ≤ 100 ms in every run, home JS ≤ 80 KiB).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { transactionCreateSchema } from '@app/shared-types/finance';
import { calendarDate } from '@app/shared-types/format';
import { MIN_FILL_MS } from '@app/shared-types/forms';
import { DEFAULT_QUOTATION_NOTES, quotationTotals, rowTotal, type PublicQuotation } from '@app/shared-types/quotations';
import { DEFAULT_PAYMENT_PLAN, quotationTax } from '@app/shared-types/quotation-terms';
import { createDb, type Db } from '@app/functions/db/client';
import { systemContext } from '@app/functions/db/entity';
import { parseSearch } from '@app/functions/db/search-tokens';
import { createTransaction } from '@app/functions/finance/transaction-repo';
import { startDynamoLocal } from '@app/functions/local/dynamo-local';
import { launchLocalServer } from '@app/functions/local/launch';
import { renderQuotationPdf } from '@app/functions/quotations/pdf';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { ensureChromium } from '../../scripts/system-deps.mjs';
import { attendanceBench } from './attendance-bench';
import { blogBench } from './blog-bench';
import { backupBench } from './backup-bench';
import { employeesBench } from './employees-bench';
import { hotKeysBench } from './hot-keys-bench';
import { BENCH_LEADS, leadRow, partitionSize, phoneOf, seedLeadsBatch, surnameOf } from './lead-data';
import { lighthouseBench } from './lighthouse-bench';
import { outboxBench } from './outbox-bench';
import { startFakeGraph, WEBHOOK_SENDER_HOLD_MS, webhooksBench } from './webhooks-bench';
import { durabilityBench } from './durability-bench';
import { rateLibraryBench } from './rate-library-bench';
import { ssrBench } from './ssr-bench';

const root = fileURLToPath(new URL('../../', import.meta.url));
const RATE_PER_SECOND = Number(process.env.BENCH_RATE ?? 20);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);

const ADMIN_EMAIL = 'bench-admin@example.com';
const ADMIN_PASSWORD = 'bench-password-123';
const BENCH_PROJECTS = Number(process.env.BENCH_PROJECTS ?? 2_000);
/** Leads in the table for the second round of lead measurements; 0 (or not more than BENCH_LEADS) skips it. */
const BENCH_LEADS_LARGE = Number(process.env.BENCH_LEADS_LARGE ?? 100_000);
/** Finance transactions in the table for the summary's first and second measurements (0: skip the second). */
const BENCH_TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 5_000);
const BENCH_TRANSACTIONS_LARGE = Number(process.env.BENCH_TRANSACTIONS_LARGE ?? 50_000);
/** 'finance': only the finance measurements. */
const BENCH_ONLY = process.env.BENCH_ONLY ?? '';
const BENCH_PDF_RUNS = Number(process.env.BENCH_PDF_RUNS ?? 30);

function startServer(endpoint: string, extraEnv: Record<string, string> = {}) {
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
      ...extraEnv,
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

/**
 * Rows per bulk-import request while seeding. A request may carry 1,000 (the import's limit), but
 * on a 2-core laptop beside the load generator 1,000 rows can outlast the request's 14 s deadline
 * (503): seeding is set-up, not the figure measured, so it sends half.
 */
const SEED_ROWS_PER_REQUEST = 500;

/** Fills the table with leads 0..count-1 through the bulk import, SEED_ROWS_PER_REQUEST per request. */
async function seedLeads(url: string, cookie: string, count: number) {
  const started = performance.now();
  for (let offset = 0; offset < count; offset += SEED_ROWS_PER_REQUEST) {
    const leadsData = Array.from({ length: Math.min(SEED_ROWS_PER_REQUEST, count - offset) }, (_, j) => leadRow(offset + j));
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
 * The one-match lead searches, all of leads among the first BENCH_LEADS (so
 * the same query runs at both table sizes): by email (lead9999@), by
 * surname, by the last 5 digits of a phone and by two words (first name and
 * surname). The phone's lead is one whose last 5 digits sit in no other
 * phone of the largest table (phone search matches digits anywhere) and
 * start with 6 to 8 (the calculator's phones are 91000 and 5 digits).
 */
function leadSearches() {
  const largest = Math.max(BENCH_LEADS, BENCH_LEADS_LARGE || 100_000);
  const phones = new Map<string, number>();
  for (let n = 0; n < largest; n++) {
    const phone = phoneOf(n);
    for (const gram of new Set(Array.from({ length: phone.length - 4 }, (_, i) => phone.slice(i, i + 5)))) {
      phones.set(gram, (phones.get(gram) ?? 0) + 1);
    }
  }
  // The first such lead from lead 6789 on; with few leads there may be none: then the one in fewest phones.
  const inPhones = (n: number) => (/^[678]/.test(phoneOf(n).slice(-5)) ? phones.get(phoneOf(n).slice(-5))! : Infinity);
  let phoneLead = 6789 % BENCH_LEADS;
  for (let step = 0, n = phoneLead; step < BENCH_LEADS && inPhones(phoneLead) > 1; step++, n = (n + 1) % BENCH_LEADS) {
    if (inPhones(n) < inPhones(phoneLead)) phoneLead = n;
  }
  const nameLead = 4321 % BENCH_LEADS;
  const twoWordLead = 1234 % BENCH_LEADS;
  const twoWords = leadRow(twoWordLead).name.toLowerCase();
  return [
    { what: 'email', q: `lead${BENCH_LEADS - 1}@` },
    { what: 'surname', q: surnameOf(nameLead).toLowerCase() },
    { what: 'last 5 phone digits', q: phoneOf(phoneLead).slice(-5) },
    { what: 'two words', q: twoWords },
  ];
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

/**
 * Finance transaction n: a year of months, every type, mostly completed,
 * some pending (1 in 50 of those past due), GST on a third.
 */
function benchTransaction(n: number) {
  const day = new Date(Date.now() - (n % 365) * 86_400_000);
  const type = (['income', 'expense', 'advance', 'refund'] as const)[n % 4]!;
  const category = { income: 'design_fee', expense: 'material_purchase', advance: 'project_advance', refund: 'vendor_payment' }[type];
  const pending = n % 5 === 0;
  const amount = 1000 + (n % 997) + (n % 100) / 100;
  return transactionCreateSchema.validateSync({
    type,
    category,
    amount,
    taxAmount: n % 3 === 0 ? Math.round(amount * 18) / 100 : 0,
    description: `Bench transaction ${n}`,
    status: pending ? 'pending' : 'completed',
    transactionDate: calendarDate(day),
    dueDate: pending ? calendarDate(Date.now() + (n % 50 === 0 ? -3 : 30) * 86_400_000) : null,
    referenceNumber: `REF${n}`,
  });
}

/** Writes transactions [from, to) straight into the table through createTransaction (figures, copies, tokens, audit). */
async function seedTransactionsDirect(db: Db, from: number, to: number) {
  const started = performance.now();
  let next = from;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < to) {
        const n = next++;
        const result = await createTransaction(db, benchTransaction(n), systemContext(new Date().toISOString(), 'bench-seed'));
        if (!('item' in result)) throw new Error(`bench transaction ${n} not created: ${JSON.stringify(result)}`);
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

async function financeBench(url: string, cookie: string, db: Db) {
  const headers = { cookie, origin: url };
  const summary = () => fetch(`${url}/api/finance/summary`, { headers });
  const lines: { label: string; p50: number; p99: number }[] = [];
  let seeded = 0;
  for (const count of [BENCH_TRANSACTIONS, BENCH_TRANSACTIONS_LARGE]) {
    if (count <= seeded) continue;
    const seconds = await seedTransactionsDirect(db, seeded, count);
    console.log(`Seeded ${count - seeded} transactions straight into DynamoDB Local (createTransaction, 16 in flight) in ${seconds.toFixed(1)} s (${Math.round((count - seeded) / seconds)}/s)`);
    seeded = count;
    await constantRate(2, summary);
    const load = await constantRate(10, summary);
    report(`GET /api/finance/summary (${count} transactions) for 10 s`, load);
    lines.push({ label: `${count} transactions`, p50: load.p50, p99: load.p99 });
  }
  console.log(`GET /api/finance/summary, p50 / p99: ${lines.map((line) => `${line.label}: ${line.p50.toFixed(1)} / ${line.p99.toFixed(1)} ms`).join('; ')}`);
  const post = (n: number) =>
    fetch(`${url}/api/transactions`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': `bench-post-${n}-${Date.now()}` },
      body: JSON.stringify({ type: 'expense', category: 'labor_cost', amount: 2500.5, description: `Bench post ${n}`, status: 'completed' }),
    });
  report(`POST /api/transactions (Idempotency-Key each, ${seeded} transactions in the table) for 10 s`, await constantRate(10, post));
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

/**
 * Calculator posts as people send them: with the token the form got when it
 * was shown, a person's time earlier (one token, reused: it is not single-use),
 * so each one stores a lead, not spam.
 */
async function calculatorLoad(url: string, options: { seconds: number; firstVisitor: number }) {
  const { token: formToken } = (await (await fetch(`${url}/api/form-token`)).json()) as { token: string };
  await new Promise((resolve) => setTimeout(resolve, MIN_FILL_MS));
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
        formToken,
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

/**
 * GET / at the fixed rate for `seconds` while attackers send failed logins:
 * every second a burst of LOGIN_FLOOD at once (each attacker waits for its
 * answer, so never more than LOGIN_FLOOD in flight), each an unknown email from
 * an IP of its own, so neither the lockout nor the per-IP limit stops them.
 */
const LOGIN_FLOOD = 40;
async function staticDuringLoginFlood(url: string, seconds: number) {
  let stop = false;
  let sent = 0;
  const logins = new Map<number, number>();
  const attacker = async () => {
    while (!stop) {
      await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));
      if (stop) break;
      const i = sent++;
      const response = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url, 'x-forwarded-for': `198.19.${(i >> 8) & 255}.${i & 255}` },
        body: JSON.stringify({ email: `flood-${i}@example.com`, password: 'not-the-password' }),
      });
      await response.arrayBuffer();
      logins.set(response.status, (logins.get(response.status) ?? 0) + 1);
    }
  };
  const attackers = Array.from({ length: LOGIN_FLOOD }, attacker);
  const load = await constantRate(seconds, () => fetch(`${url}/`));
  stop = true;
  await Promise.all(attackers);
  return { load, logins: Object.fromEntries(logins) };
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : noun.endsWith('ch') ? 'es' : 's'}`;

type Round = { leads: number; lines: { label: string; p50: number; p99: number }[] };

/**
 * The lead list at the table's current size: the first page, a filtered page
 * and the one-match searches, each with the partitions of the token index
 * its lookups read (the search goes on with the smallest).
 */
async function leadRound(
  db: Db,
  getLeads: (query: string) => () => Promise<Response>,
  leads: number,
  searches: ReturnType<typeof leadSearches>,
): Promise<Round> {
  const lines: Round['lines'] = [];
  const measure = async (label: string, query: string, seconds: number, note = '') => {
    const load = await constantRate(seconds, getLeads(query));
    report(`GET /api/leads?${label}${note} for ${seconds} s`, load);
    lines.push({ label, p50: load.p50, p99: load.p99 });
  };
  // Warm up first (after seeding, DynamoDB Local's JVM is busy collecting garbage); not counted.
  await constantRate(3, getLeads('limit=25'));
  await measure('limit=25', 'limit=25', DURATION_SECONDS, ` (${leads} leads)`);
  await measure('source=Referral&limit=25', 'source=Referral&limit=25', 10);
  for (const { what, q } of searches) {
    const query = `q=${encodeURIComponent(q)}&limit=25`;
    const answer = (await (await getLeads(query)()).json()) as { items: unknown[]; nextCursor?: string };
    const matches = answer.nextCursor ? `${answer.items.length}+ matches` : plural(answer.items.length, 'match');
    const lookups = [...new Set(parseSearch(q)?.lookups ?? [])];
    const sizes = await Promise.all(lookups.map(async (token) => `SEARCH#Lead#${token} (${plural(await partitionSize(db, token), 'item')})`));
    const reads = `token index ${sizes.join(' and ')}${sizes.length > 1 ? ', goes on with the smaller' : ''}`;
    await measure(`q=${q}`, query, 10, ` (${what}, ${matches}; ${reads})`);
    lines[lines.length - 1]!.label = `q=${q} (${what})`;
  }
  return { leads, lines };
}

/** A 3BHK-and-then-some quote: 40 rows over four usage areas, sq.ft, R.ft and QTY, remarks on every fourth, 5% off. */
function benchQuote(): PublicQuotation {
  const areas = ['Kitchen', 'Master Bedroom', 'Kids Bedroom', 'Living Room'];
  const rows = Array.from({ length: 40 }, (_, i) => {
    const row = {
      id: `row-${i + 1}`,
      usageArea: areas[Math.floor(i / 10)]!,
      item: `Modular storage unit ${i + 1} with shutters and internal accessories`,
      unit: ['sq.ft', 'R.ft', 'QTY'][i % 3]!,
      finishType: 'Laminate matte',
      brand: 'Hettich',
      length: 6 + (i % 5),
      width: 2 + (i % 3),
      quantity: 1 + (i % 2),
      unitPrice: 900 + i * 25,
      remarks: i % 4 === 0 ? 'Includes installation, skirting and edge banding' : '',
    };
    return { ...row, total: rowTotal(row) };
  });
  const totals = quotationTotals(rows, 5);
  return {
    quotationNumber: 'KDS/2026-27/0042',
    title: 'Villa interiors',
    quotationDate: '2026-11-22',
    validUntil: '2026-12-22',
    status: 'sent',
    clientDetails: { name: 'Bench Client', phone: '9876543210', email: 'client@example.com', address: 'Kondapur, Hyderabad', projectType: 'Villa', siteAddress: 'Narsingi', community: 'My Home Avatar' },
    rows,
    discount: 5,
    ...totals,
    ...quotationTax(totals.grandTotal, 18),
    paymentPlan: [...DEFAULT_PAYMENT_PLAN],
    variation: null,
    notes: DEFAULT_QUOTATION_NOTES,
    response: null,
    version: 1,
    revisedAt: null,
    company: { companyName: 'Kaveri Design Studio', companyAddress: 'Jubilee Hills, Hyderabad', companyPhone: '+91 40 2354 6789', companyEmail: 'hello@kaveri-studio.in', gstNumber: '36ABCDE1234F1Z5', companyLogo: '' },
  };
}

async function pdfBench() {
  const quote = benchQuote();
  const first = performance.now();
  const pdf = await renderQuotationPdf(quote);
  const firstMs = performance.now() - first;
  const times: number[] = [];
  for (let run = 0; run < BENCH_PDF_RUNS; run++) {
    const t0 = performance.now();
    await renderQuotationPdf(quote);
    times.push(performance.now() - t0);
  }
  const sorted = times.sort((a, b) => a - b);
  const pages = Buffer.from(pdf).toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
  console.log(
    `Quotation PDF, 40 rows (${pages} pages, ${kib(pdf.length)}): first render ${firstMs.toFixed(1)} ms (fonts read), ` +
      `then ${BENCH_PDF_RUNS} renders p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms ` +
      `(the Lambda bundle sizes: npm run bench:lambda -w infra)`,
  );
}

buildIfNeeded();
// Lighthouse and the bundle check run in the full Chromium (installed with apt-get when missing, as root).
ensureChromium();
// DYNAMODB_YIELD_CPU=0: DynamoDB Local at the normal priority (a machine busy with other work starves it otherwise).
const dynamo = await startDynamoLocal({ yieldCpu: process.env.DYNAMODB_YIELD_CPU !== '0' });
// The webhooks part's fake Graph API (webhooks-bench.ts): the server's outbox fetches Meta leads from it.
const graph = !BENCH_ONLY || BENCH_ONLY === 'webhooks' ? await startFakeGraph() : undefined;
const server = await startServer(dynamo.endpoint);
try {
  // Lighthouse mobile on four public pages and the home page's JS, against the budget (lighthouse-bench.ts); BENCH_ONLY=lighthouse runs it alone.
  // First, on the first-start content, before the other parts fill the table.
  if (!BENCH_ONLY || BENCH_ONLY === 'lighthouse') await lighthouseBench(server.url);
  // Server rendering: the renderer's cold start in a fresh process, then /, /projects and a post rendered (ssr-bench.ts); BENCH_ONLY=ssr runs it alone.
  if (!BENCH_ONLY || BENCH_ONLY === 'ssr') await ssrBench(server.url, dynamo.endpoint, 'bench');

  if (!BENCH_ONLY) {
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
    const db = createDb({ table: 'bench', endpoint: dynamo.endpoint, region: 'local' });
    const searches = leadSearches();
    const seconds = await seedLeads(server.url, cookie, BENCH_LEADS);
    console.log(
      `Seeded ${BENCH_LEADS} leads through POST /api/leads/bulk-import (${SEED_ROWS_PER_REQUEST} per request) in ${seconds.toFixed(1)} s ` +
        `(${Math.round(BENCH_LEADS / seconds)} leads/s)`,
    );
    const getLeads = (query: string) => () =>
      fetch(`${server.url}/api/leads?${query}`, { headers: { cookie, origin: server.url } });
    const rounds: Round[] = [];
    const total = BENCH_LEADS + RATE_PER_SECOND * (DURATION_SECONDS + 3);
    rounds.push(await leadRound(db, getLeads, total, searches));

    const projectSeconds = await seedProjects(server.url, cookie, BENCH_PROJECTS);
    console.log(`Created ${BENCH_PROJECTS} projects through POST /api/projects (10 at a time) in ${projectSeconds.toFixed(1)} s`);
    const getProjects = (path: string) => () => fetch(`${server.url}${path}`, { headers: { cookie, origin: server.url } });
    report(`GET /api/projects/manage?limit=24 (${BENCH_PROJECTS} projects) for 10 s`, await constantRate(10, getProjects('/api/projects/manage?limit=24')));
    report(`GET /api/projects/manage?status=execution&limit=24 for 10 s`, await constantRate(10, getProjects('/api/projects/manage?status=execution&limit=24')));
    report(`GET /api/projects/manage?q=bench%20project%201999 (one match) for 10 s`, await constantRate(10, getProjects('/api/projects/manage?q=bench%20project%201999&limit=24')));
    report(`GET /api/projects?status=ongoing (website) for 10 s`, await constantRate(10, getProjects('/api/projects?status=ongoing')));

    if (BENCH_LEADS_LARGE > BENCH_LEADS) {
      const extra = BENCH_LEADS_LARGE - BENCH_LEADS;
      const direct = await seedLeadsBatch(dynamo.endpoint, db.table, BENCH_LEADS, BENCH_LEADS_LARGE);
      console.log(
        `Seeded ${extra} more leads straight into DynamoDB Local (leadEntity.createWrites' ${direct.items} items by BatchWriteItem, ` +
          `the counters once per 2,000 leads) in ${direct.seconds.toFixed(1)} s (${Math.round(extra / direct.seconds)} leads/s; ` +
          `through the bulk import at the rate above: ~${Math.round((extra * seconds) / BENCH_LEADS)} s)`,
      );
      rounds.push(await leadRound(db, getLeads, total + extra, searches));
      const [small, large] = rounds as [Round, Round];
      const cell = (result: { p50: number; p99: number }) => `${result.p50.toFixed(1)} / ${result.p99.toFixed(1)} ms`.padEnd(22);
      console.log(`GET /api/leads, p50 / p99${' '.repeat(31)}${`${small.leads} leads`.padEnd(22)}${large.leads} leads`);
      for (const [i, line] of small.lines.entries()) {
        console.log(`  ${line.label.padEnd(54)}${cell(line)}${cell(large.lines[i]!)}`);
      }
    }
  }

  // Hot keys: the blog beacon on one post, and common-word lead searches at 100,000 leads (hot-keys-bench.ts); BENCH_ONLY=hotkeys runs it alone.
  if (!BENCH_ONLY || BENCH_ONLY === 'hotkeys') {
    const leadsInTable = BENCH_ONLY ? 0 : Math.max(BENCH_LEADS, BENCH_LEADS_LARGE);
    await hotKeysBench(server.url, () => signIn(server.url), createDb({ table: 'bench', endpoint: dynamo.endpoint, region: 'local' }), dynamo.endpoint, leadsInTable);
  }

  if (!BENCH_ONLY || BENCH_ONLY === 'finance') {
    await financeBench(server.url, await signIn(server.url), createDb({ table: 'bench', endpoint: dynamo.endpoint, region: 'local' }));
  }

  if (!BENCH_ONLY || BENCH_ONLY === 'pdf') await pdfBench();

  // The rate library's lookups (rate-library-bench.ts); BENCH_ONLY=rates runs them alone.
  if (!BENCH_ONLY || BENCH_ONLY === 'rates') await rateLibraryBench(server.url, await signIn(server.url));

  // Attendance: a month of records for 30 employees, then its lists, report and cards (attendance-bench.ts); BENCH_ONLY=attendance runs it alone.
  if (!BENCH_ONLY || BENCH_ONLY === 'attendance') {
    await attendanceBench(server.url, await signIn(server.url), createDb({ table: 'bench', endpoint: dynamo.endpoint, region: 'local' }));
  }

  // Employees: 120 added with sealed personal data, then the directory, lists, a record and reveal (employees-bench.ts); BENCH_ONLY=employees runs it alone.
  if (!BENCH_ONLY || BENCH_ONLY === 'employees') await employeesBench(server.url, await signIn(server.url));

  // Backup and restore of 200,000 items, the restore's process killed part way and resumed (backup-bench.ts); BENCH_ONLY=backup runs it alone.
  if (!BENCH_ONLY || BENCH_ONLY === 'backup') await backupBench(dynamo.endpoint);

  // The blog: 200 posts, then the public list, a post, the view beacon, sitemap, feed and the portal's list (blog-bench.ts); BENCH_ONLY=blog runs it alone.
  if (!BENCH_ONLY || BENCH_ONLY === 'blog') await blogBench(server.url, await signIn(server.url));

  // The notification outbox: 200 events to a local SMTP server, by one sender and by two at once (outbox-bench.ts); BENCH_ONLY=outbox runs it alone.
  if (!BENCH_ONLY || BENCH_ONLY === 'outbox') await outboxBench(dynamo.endpoint);
  // The lead webhooks: a signed Meta event's answer p50/p99 at BENCH_RATE a second, the Graph fetch off the request path (webhooks-bench.ts); BENCH_ONLY=webhooks runs it alone.
  // Its own server and table: the server's outbox sender is held for the load (WEBHOOK_SENDER_HOLD_MS), then fetches.
  if (graph) {
    const hooks = await startServer(dynamo.endpoint, {
      TABLE_NAME: 'bench-webhooks',
      META_GRAPH_URL: graph.url,
      OUTBOX_INTERVAL_MS: String(WEBHOOK_SENDER_HOLD_MS),
      OUTBOX_KICK_DELAY_MS: String(WEBHOOK_SENDER_HOLD_MS),
    });
    try {
      await webhooksBench(hooks.url, await signIn(hooks.url), graph);
    } finally {
      await hooks.stop();
      graph.server.close();
    }
  }

  // Local durability: acknowledged transactions kept across a kill of DynamoDB Local (durability-bench.ts); BENCH_ONLY=durability runs it alone.
  if (!BENCH_ONLY || BENCH_ONLY === 'durability') await durabilityBench();

  if (!BENCH_ONLY) {
    const flood = await staticDuringLoginFlood(server.url, 5);
    report(`GET / during ${LOGIN_FLOOD} concurrent failed logins a second (answered ${JSON.stringify(flood.logins)}) for 5 s`, flood.load);
  }
} finally {
  await server.stop();
  await dynamo.stop();
}
