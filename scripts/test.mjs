// npm test: typecheck, lint, unit and API tests (vitest, on an in-memory
// DynamoDB Local), a fresh build, and end-to-end tests in Chromium (Playwright).
// Ends with one summary line counting every test that ran.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { buildIfNeeded, root } from './build-if-needed.mjs';
import { ensureChromium, ensureJava } from './system-deps.mjs';

const outDir = `${root}test/output`;
mkdirSync(outDir, { recursive: true });
const started = Date.now();

function step(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const t0 = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`--- ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

function readJson(path) {
  try {
    return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
  } catch {
    return undefined;
  }
}

ensureJava();
const chromium = ensureChromium();

const results = [];
results.push(step('typecheck', 'npm', ['run', 'typecheck', '--silent']));
results.push(step('lint', 'npm', ['run', 'lint', '--silent']));
results.push(
  step('unit and API tests (vitest)', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outDir}/vitest.json`,
  ]),
);
console.log('\n=== build ===');
buildIfNeeded({ force: true });
results.push(
  step('end-to-end tests (Playwright, Chromium)', 'npx', ['playwright', 'test', '-c', 'test/playwright.config.ts'], {
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${outDir}/e2e.json`,
  }),
);

const vitest = readJson(`${outDir}/vitest.json`);
const e2e = readJson(`${outDir}/e2e.json`);
const passed = (vitest?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0);
// A failed typecheck or lint counts as one failure, so the line never reads green when a step failed.
const failedChecks = results.slice(0, 2).filter((ok) => !ok).length;
const failedTests = (vitest?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0) + (e2e?.stats?.flaky ?? 0);
const stepsFailed = results.filter((ok) => !ok).length;
const failed = failedChecks + Math.max(failedTests, stepsFailed - failedChecks);
console.log(`\nnpm test took ${((Date.now() - started) / 1000).toFixed(0)} s; steps failed: ${stepsFailed}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(stepsFailed === 0 ? 0 : 1);
