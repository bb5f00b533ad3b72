// Prints each Lambda bundle's size and its cold import time: the bundles of a
// fresh synth (the files CDK deploys), each imported by a new Node process.
// Usage: npm run bench:lambda -w infra [-- --runs 9]
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { FUNCTION_RUNTIME } from '../src/constructs/api';
import { bundleOf, LAMBDA_BUNDLE_BUDGET_BYTES, LAMBDA_BUNDLE_BUDGET_TEXT } from '../src/lambda-bundle';
import { removeTempDirs, synthesize } from '../test/synth';

const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 7;

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Milliseconds one new Node process spends in import() of the file (module load + top-level code). */
function coldImportMs(file: string, nodeArgs: string[] = []): number {
  const script =
    'const t = performance.now(); await import(process.argv[1]); ' +
    'process.stdout.write(String(performance.now() - t));';
  const out = execFileSync(process.execPath, [...nodeArgs, '--input-type=module', '-e', script, pathToFileURL(file).href], {
    // What the handlers read at import: the table name and the origin secret's ARN. Nothing is sent anywhere while importing.
    env: {
      PATH: process.env.PATH,
      TABLE_NAME: 'bench',
      AWS_REGION: 'ap-south-1',
      ORIGIN_VERIFY_SECRET_ARN: 'arn:aws:secretsmanager:ap-south-1:123456789012:secret:OriginVerify-AbCdEf',
      NODE_NO_WARNINGS: '1',
    },
    encoding: 'utf8',
  });
  return Number(out);
}

const synth = synthesize({ stage: 'dev', bundle: true });
const rows = (['publicFunction', 'adminFunction', 'pdfFunction', 'authFunction', 'clientLinkFunction', 'jobsFunction'] as const).map((name) => {
  const { entry } = bundleOf(synth.template, synth.assemblyDir, synth.stacks.api[name]);
  const bytes = statSync(entry).size;
  const times = Array.from({ length: runs }, () => coldImportMs(entry));
  // Lambda runs the functions with NODE_OPTIONS=--enable-source-maps (see the api construct).
  const withMaps = Array.from({ length: runs }, () => coldImportMs(entry, ['--enable-source-maps']));
  return {
    function: name.replace('Function', ''),
    minified: kib(bytes),
    gzip: kib(gzipSync(readFileSync(entry)).length),
    sourceMap: kib(statSync(`${entry}.map`).size),
    budget: bytes < LAMBDA_BUNDLE_BUDGET_BYTES ? `ok (< ${LAMBDA_BUNDLE_BUDGET_TEXT})` : `OVER ${LAMBDA_BUNDLE_BUDGET_TEXT}`,
    [`cold import median of ${runs}`]: `${median(times).toFixed(1)} ms`,
    'cold import min': `${Math.min(...times).toFixed(1)} ms`,
    'with --enable-source-maps': `${median(withMaps).toFixed(1)} ms`,
  };
});
console.log(`Node ${process.version} on ${process.arch} (Lambda runs ${FUNCTION_RUNTIME.name} on arm64)`);
console.table(rows);
removeTempDirs();
if (rows.some((row) => row.budget.startsWith('OVER'))) process.exitCode = 1;
