/**
 * The request harness the feature benches share (blog-bench.ts, attendance-bench.ts): seeding
 * through the app's own POST routes and timing its reads both run `count` requests a few at a
 * time and report each one's latency, the statuses seen and the wall time.
 */

/** The value at percentile `p` (0-100) of ascending `sorted`; NaN when empty. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

export const ms = (value: number) => `${value.toFixed(1)} ms`;

export interface PoolResult {
  /** Each request's latency (until its body was read), ascending. */
  sorted: number[];
  /** How many requests answered each status. */
  statuses: Record<string, number>;
  /** Wall time of the whole run. */
  seconds: number;
}

/** Runs `task(0)` ... `task(count - 1)`, `inFlight` at a time, reading each response's body. */
export async function pool(count: number, inFlight: number, task: (n: number) => Promise<Response>): Promise<PoolResult> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < count; n = next++) {
      const t0 = performance.now();
      const response = await task(n);
      await response.arrayBuffer();
      latencies.push(performance.now() - t0);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return { sorted: latencies.sort((a, b) => a - b), statuses: Object.fromEntries(statuses), seconds: (performance.now() - started) / 1000 };
}

/** POSTs `bodies[n]` as JSON to `url + path`, signed in with `cookie`, `inFlight` at a time. */
export function seed(url: string, cookie: string, path: string, bodies: readonly unknown[], inFlight: number) {
  return pool(bodies.length, inFlight, (n) =>
    fetch(`${url}${path}`, { method: 'POST', headers: { cookie, origin: url, 'content-type': 'application/json' }, body: JSON.stringify(bodies[n]) }),
  );
}

/** One read's report line: label, p50, p99, the request count and statuses. */
export const latencyLine = (label: string, load: Pick<PoolResult, 'sorted' | 'statuses'>, count: number) =>
  `  ${label.padEnd(58)}p50 ${ms(percentile(load.sorted, 50)).padEnd(10)}p99 ${ms(percentile(load.sorted, 99)).padEnd(10)}` +
  `(${count} requests, statuses ${JSON.stringify(load.statuses)})`;
