import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { parseConfig, type ConfigInput } from '../src/config';
import { createStacks, type Stacks } from '../src/create-stacks';
import { unacknowledgedFindings, type Finding } from '../src/nag';

const tempDirs: string[] = [];
/** The folders of shared syntheses (below): other files of the worker read them, so they go when the worker exits. */
const sharedDirs: string[] = [];
process.once('exit', () => {
  for (const dir of sharedDirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string, shared = false): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  (shared ? sharedDirs : tempDirs).push(dir);
  return dir;
}

/** Deletes the folders fakeWebDist() and synthesize() made (call it in afterAll). */
export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A stand-in for web/dist (the portal's and the website's documents and a script), so tests synthesize without building the web app. */
export function fakeWebDist(shared = false): string {
  const dir = tempDir('web-dist-', shared);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><script type="module" src="/assets/app.js"></script>\n');
  writeFileSync(join(dir, 'site.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>\n');
  writeFileSync(join(dir, 'assets/app.js'), 'document.title = "test";\n');
  return dir;
}

/**
 * The context of infra/cdk.json, which the CDK CLI gives the app (feature flags included).
 * `new App()` in a test does not read cdk.json, so the tests pass it on: they synthesize
 * what `cdk synth` and `cdk deploy` do, flags and all.
 */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = join(dirname(fileURLToPath(import.meta.url)), '../cdk.json');
  return (JSON.parse(readFileSync(cdkJson, 'utf8')) as { context?: Record<string, unknown> }).context ?? {};
}

/** A kept stage with its own domain and alarm address: the configuration the prod template tests synthesize. */
export const PROD_CONFIG = {
  stage: 'prod',
  domainName: 'www.kaveri-studio.in',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0f3c5a4e-1111-4222-8333-944455556666',
  alarmEmail: 'ops@kaveri-studio.in',
} as const;

export interface Synthesized {
  stacks: Stacks;
  template: Template;
  /** The us-east-1 stack's template (CloudFront's WAF web ACL). */
  edgeTemplate: Template;
  /** The us-east-1 edge monitoring stack's template (CloudFront and WAF alarms). */
  edgeMonitoringTemplate: Template;
  /** The cloud assembly folder: templates, bundled assets, the validation report. */
  assemblyDir: string;
  findings: Finding[];
}

/** Syntheses of one worker by their input: the infra files run in one module graph (vitest.config.ts). */
const shared = new Map<string, Synthesized>();

/**
 * Builds the stacks exactly as bin/app.ts does (cdk-nag included) and
 * synthesizes them into a temporary folder. `bundle: false` skips esbuild for
 * tests that only read the template. Such a synthesis is made once per worker for
 * the same input and shared by the files that ask for it (a synthesis costs
 * seconds; most files read the same dev or prod template): the tests only read
 * it. `fresh` makes a new one (a test comparing two syntheses).
 */
export function synthesize(input: Omit<ConfigInput, 'webDist'> & { bundle: boolean }, options: { fresh?: boolean } = {}): Synthesized {
  if (input.bundle || options.fresh) return synthesizeNow(input, false);
  const key = JSON.stringify(input);
  const known = shared.get(key);
  if (known) return known;
  const made = synthesizeNow(input, true);
  shared.set(key, made);
  return made;
}

function synthesizeNow(input: Omit<ConfigInput, 'webDist'> & { bundle: boolean }, keep: boolean): Synthesized {
  const { bundle, ...configInput } = input;
  const app = new App({
    outdir: tempDir('cdk-out-', keep),
    context: { ...cdkJsonContext(), ...(bundle ? {} : { 'aws:cdk:bundling-stacks': [] }) },
  });
  const stacks = createStacks(app, parseConfig({ ...configInput, webDist: fakeWebDist(keep) }));
  const assembly = app.synth();
  return {
    stacks,
    template: Template.fromJSON(assembly.getStackByName(stacks.stack.stackName).template),
    edgeTemplate: Template.fromJSON(assembly.getStackByName(stacks.edgeStack.stackName).template),
    edgeMonitoringTemplate: Template.fromJSON(assembly.getStackByName(stacks.edgeMonitoringStack.stackName).template),
    assemblyDir: assembly.directory,
    findings: unacknowledgedFindings(assembly.directory),
  };
}
