/**
 * The rate library's part of `npm run bench` (BENCH_ONLY=rates runs it
 * alone): BENCH_LOOKUPS requests (500) of the seven quotation lookups of
 * SPEC.md 7, in turn, through the app (10 in flight), against the first-start
 * library. Each lookup is one GetItem of the library's version item plus the
 * parsed library cached in the process, so this measures that path; one
 * library write in the middle makes one request read the partition again.
 */

const LOOKUPS = Number(process.env.BENCH_LOOKUPS ?? 500);
const IN_FLIGHT = 10;

const path = (kind: string, ...names: string[]) => `/api/quotation/${kind}/${names.map(encodeURIComponent).join('/')}`;
const PATHS = [
  '/api/quotation/usage-areas',
  '/api/quotation/all-units',
  '/api/quotation/all-brands',
  path('items', 'Master Bedroom'),
  path('item', 'Master Bedroom', 'Wardrobe'),
  path('finish-types', 'Kitchen', 'Modular Kitchen Base Unit'),
  `${path('price', 'Kitchen', 'Handles and Hardware', 'Premium')}?brand=Hettich`,
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

export async function rateLibraryBench(url: string, cookie: string) {
  const headers = { cookie, origin: url };
  // Warm-up (not counted): each path once, which also fills the process's cache.
  for (const lookup of PATHS) await (await fetch(`${url}${lookup}`, { headers })).arrayBuffer();
  const latencies: number[][] = PATHS.map(() => []);
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < LOOKUPS; n = next++) {
      if (n === Math.floor(LOOKUPS / 2)) {
        // A library write (a new unit) moves the version: the next lookup reads the partition again.
        await fetch(`${url}/api/rate-library/units`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Bench unit ${Date.now()}` }),
        });
      }
      const i = n % PATHS.length;
      const t0 = performance.now();
      const response = await fetch(`${url}${PATHS[i]}`, { headers });
      await response.arrayBuffer();
      latencies[i]!.push(performance.now() - t0);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const seconds = (performance.now() - started) / 1000;
  const all = latencies.flat().sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(`--- Rate library lookups (SPEC.md 7) ---`);
  console.log(
    `${LOOKUPS} lookups, ${IN_FLIGHT} in flight, ${seconds.toFixed(1)} s: p50 ${ms(percentile(all, 50))}, p99 ${ms(percentile(all, 99))}, ` +
      `max ${ms(all.at(-1) ?? NaN)}, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  for (const [i, lookup] of PATHS.entries()) {
    const sorted = latencies[i]!.sort((a, b) => a - b);
    console.log(`  ${decodeURIComponent(lookup).padEnd(72)}p50 ${ms(percentile(sorted, 50)).padEnd(10)}p99 ${ms(percentile(sorted, 99))}`);
  }
}
