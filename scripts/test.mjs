// npm test: typecheck, lint, unit and API tests (vitest, on an in-memory
// DynamoDB Local), a fresh build, and end-to-end tests in Chromium (Playwright).
// Ends with one summary line counting every test that ran.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import { buildIfNeeded, root } from './build-if-needed.mjs';
import { ensureJava, ensureTestChromium } from './system-deps.mjs';

const outDir = `${root}test/output`;
mkdirSync(outDir, { recursive: true });
const started = Date.now();
/** Each phase's name, seconds and outcome, printed as a summary before the last line. */
const phases = [];
const seconds = (t0) => (Date.now() - t0) / 1000;

function record(name, t0, ok) {
  phases.push({ name, seconds: seconds(t0), ok });
  console.log(`--- ${name}: ${ok ? 'ok' : 'FAILED'} in ${seconds(t0).toFixed(1)} s`);
  return ok;
}

/** Runs a step with its output shown as it comes; resolves to whether it passed. */
function step(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => resolve(record(name, t0, code === 0)));
  });
}

/**
 * Starts a step in the background; its output is printed whole when it ends. Resolves to whether it
 * passed.
 */
function background({ name, command, args }) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(command, args, { cwd: root, env: process.env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      console.log(`\n=== ${name} ===`);
      process.stdout.write(Buffer.concat(output));
      resolve(record(name, t0, code === 0));
    });
  });
}

/** Playwright's tests of one status ('unexpected': failed; 'flaky': passed on a retry), as 'file > title: first message line'. */
function e2eFailures(suites, status) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      (spec.tests ?? [])
        .filter((test) => test.status === status)
        .map((test) => {
          const error = test.results?.find((result) => result.error)?.error?.message ?? '';
          return `${spec.file} > ${spec.title}: ${stripVTControlCharacters(error).split('\n')[0]}`;
        }),
    ),
    ...e2eFailures(suite.suites ?? [], status),
  ]);
}

function readJson(path) {
  try {
    return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
  } catch {
    return undefined;
  }
}

ensureJava();
const chromium = ensureTestChromium();

// Typecheck (tsc -b, incremental) and lint (cached) are one process each: they share the cores. The
// vitest run starts after both: its write races (50 requests at one item) are timed against the request
// deadline, and a third busy process on the 2 cores made some of them answer 503.
const [typecheck, lint] = await Promise.all([
  background({ name: 'typecheck', command: 'npm', args: ['run', 'typecheck', '--silent'] }),
  background({ name: 'lint', command: 'npm', args: ['run', 'lint', '--silent'] }),
]);
const vitestPassed = await step('unit and API tests (vitest)', 'npx', [
  'vitest',
  'run',
  // A failed test runs once more; one that then passes is named as flaky in the summary (never hidden).
  '--retry=1',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${outDir}/vitest.json`,
]);
const results = [typecheck, lint, vitestPassed];
console.log('\n=== build ===');
const buildStarted = Date.now();
buildIfNeeded({ force: true });
record('build', buildStarted, true);
results.push(
  await step('end-to-end tests (Playwright, Chromium)', 'npx', ['playwright', 'test', '-c', 'test/playwright.config.ts'], {
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${outDir}/e2e.json`,
  }),
);

const vitest = readJson(`${outDir}/vitest.json`);
const e2e = readJson(`${outDir}/e2e.json`);
const passed = (vitest?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
// A failed typecheck or lint counts as one failure, so the line never reads green when a step failed.
const failedChecks = results.slice(0, 2).filter((ok) => !ok).length;
const failedTests = (vitest?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0);
const stepsFailed = results.filter((ok) => !ok).length;
const failed = failedChecks + Math.max(failedTests, stepsFailed - failedChecks);
// The failed tests by name, with their first message line, so the last lines of a long log say what failed;
// then the flaky ones: failed once, passed on their retry (a vitest test that passed with a failure message).
const vitestTests = (vitest?.testResults ?? []).flatMap((file) =>
  (file.assertionResults ?? []).map((test) => ({
    test,
    line: `${file.name.replace(root, '')} > ${test.fullName}: ${(test.failureMessages?.[0] ?? '').split('\n')[0]}`,
  })),
);
const failures = [...vitestTests.filter(({ test }) => test.status === 'failed').map(({ line }) => line), ...e2eFailures(e2e?.suites ?? [], 'unexpected')];
const flaky = [
  ...vitestTests.filter(({ test }) => test.status === 'passed' && (test.failureMessages?.length ?? 0) > 0).map(({ line }) => line),
  ...e2eFailures(e2e?.suites ?? [], 'flaky'),
];
for (const [title, lines] of [['failed tests', failures], ['flaky tests (failed, then passed on their retry)', flaky]]) {
  if (lines.length === 0) continue;
  console.log(`\n${title}:`);
  for (const line of lines.slice(0, 20)) console.log(`  ${line.slice(0, 300)}`);
}
console.log('\nphase times:');
for (const phase of phases) console.log(`  ${phase.name.padEnd(40)} ${phase.seconds.toFixed(1).padStart(6)} s${phase.ok ? '' : '  FAILED'}`);
console.log(`  ${'total'.padEnd(40)} ${seconds(started).toFixed(1).padStart(6)} s`);
console.log(`\nnpm test took ${seconds(started).toFixed(0)} s; steps failed: ${stepsFailed}`);
console.log(`tests: ${passed} passed, ${failed} failed${flaky.length > 0 ? ` (${flaky.length} of the passed only on their retry)` : ''}`);
process.exit(stepsFailed === 0 ? 0 : 1);
