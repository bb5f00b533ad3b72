/**
 * Employees' part of `npm run bench` (BENCH_ONLY=employees runs it alone):
 * BENCH_EMPLOYEES employees (120) added through POST /api/users with Aadhaar,
 * PAN and bank account (each sealed with the local data key, the password
 * hashed), EMPLOYEE_IN_FLIGHT at a time; then BENCH_EMPLOYEE_READS requests
 * (300) of each read, 10 in flight: the staff directory's first page and its
 * active-only page, the admins' list page, one record, and a reveal (opened
 * and audited). p50/p99 each.
 */
import { randomUUID } from 'node:crypto';
import { verhoeffCheckDigit } from '@app/shared-types/employees';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 120);
const READS = Number(process.env.BENCH_EMPLOYEE_READS ?? 300);
const IN_FLIGHT = 10;
/** Creating hashes a password (scrypt): a few at a time, as an admin's screen would. */
const CREATE_IN_FLIGHT = 4;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function pool(count: number, inFlight: number, task: (n: number) => Promise<Response>) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const bodies: unknown[] = [];
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < count; n = next++) {
      const t0 = performance.now();
      const response = await task(n);
      const text = await response.text();
      latencies.push(performance.now() - t0);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.ok) bodies[n] = JSON.parse(text);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return { sorted: latencies.sort((a, b) => a - b), statuses: Object.fromEntries(statuses), bodies };
}

const line = (label: string, load: { sorted: number[]; statuses: Record<string, number> }, count: number) =>
  `  ${label.padEnd(58)}p50 ${ms(percentile(load.sorted, 50)).padEnd(10)}p99 ${ms(percentile(load.sorted, 99)).padEnd(10)}` +
  `(${count} requests, statuses ${JSON.stringify(load.statuses)})`;

const DEPARTMENTS = ['Design', 'Sales', 'Operations', 'Finance', 'HR', 'Marketing', 'IT', 'Management'];

export async function employeesBench(url: string, cookie: string) {
  const headers = { cookie, origin: url };
  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  const started = performance.now();
  const created = await pool(EMPLOYEES, CREATE_IN_FLIGHT, (n) => {
    const first11 = `2${String(1_000_000_000 + n * 7919).padStart(10, '0')}`;
    return post('/api/users', {
      name: `Bench employee ${String(n).padStart(3, '0')}`,
      email: `bench-employee-${randomUUID()}@example.com`,
      password: 'Bench-password-1',
      department: DEPARTMENTS[n % DEPARTMENTS.length],
      position: 'Designer',
      phone: `98${String(n).padStart(8, '0')}`,
      salary: 40_000 + n * 100,
      aadharNumber: `${first11}${verhoeffCheckDigit(first11)}`,
      panNumber: `BENCH${String(1000 + n).slice(-4)}Z`,
      bankAccountNumber: `5010${String(n).padStart(8, '0')}`,
      bankIfscCode: 'HDFC0001234',
      status: n % 10 === 0 ? 'on_leave' : 'active',
    });
  });
  const seconds = (performance.now() - started) / 1000;
  console.log('--- Employees ---');
  console.log(line(`POST /api/users (${EMPLOYEES}, ${CREATE_IN_FLIGHT} in flight, ${seconds.toFixed(1)} s)`, created, EMPLOYEES));
  const ids = (created.bodies as ({ id: string } | undefined)[]).flatMap((body) => (body ? [body.id] : []));
  if (ids.length === 0) throw new Error('No employee was created');

  const reads: [string, (n: number) => Promise<Response>][] = [
    ['GET /api/users/directory?limit=50 (every signed-in role)', () => fetch(`${url}/api/users/directory?limit=50`, { headers })],
    ['GET /api/users/directory?status=active&limit=100 (assign menus)', () => fetch(`${url}/api/users/directory?status=active&limit=100`, { headers })],
    ['GET /api/users?limit=50 (admins: masked records)', () => fetch(`${url}/api/users?limit=50`, { headers })],
    ['GET /api/users/:id', (n) => fetch(`${url}/api/users/${ids[n % ids.length]}`, { headers })],
    ['POST /api/users/:id/reveal (3 fields opened, audited)', (n) => post(`/api/users/${ids[n % ids.length]}/reveal`, { fields: ['aadharNumber', 'panNumber', 'bankAccountNumber'] })],
  ];
  for (const [label, request] of reads) {
    await (await request(0)).arrayBuffer();
    console.log(line(label, await pool(READS, IN_FLIGHT, request), READS));
  }
}
