import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { parseConfig, type ConfigInput } from '../src/config';
import { createStacks, type Stacks } from '../src/create-stacks';
import { unacknowledgedFindings, type Finding } from '../src/nag';

const tempDirs: string[] = [];

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** Deletes the folders fakeWebDist() and synthesize() made (call it in afterAll). */
export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A two-file stand-in for web/dist, so tests synthesize without building the web app. */
export function fakeWebDist(): string {
  const dir = tempDir('web-dist-');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><script type="module" src="/assets/app.js"></script>\n');
  writeFileSync(join(dir, 'assets/app.js'), 'document.title = "test";\n');
  return dir;
}

export interface Synthesized {
  stacks: Stacks;
  template: Template;
  /** The cloud assembly folder: templates, bundled assets, the validation report. */
  assemblyDir: string;
  findings: Finding[];
}

/**
 * Builds the stacks exactly as bin/app.ts does (cdk-nag included) and
 * synthesizes them into a temporary folder. `bundle: false` skips esbuild for
 * tests that only read the template.
 */
export function synthesize(input: Omit<ConfigInput, 'webDist'> & { bundle: boolean }): Synthesized {
  const { bundle, ...configInput } = input;
  const app = new App({
    outdir: tempDir('cdk-out-'),
    context: bundle ? {} : { 'aws:cdk:bundling-stacks': [] },
  });
  const stacks = createStacks(app, parseConfig({ ...configInput, webDist: fakeWebDist() }));
  const assembly = app.synth();
  return {
    stacks,
    template: Template.fromJSON(assembly.getStackByName(stacks.stack.stackName).template),
    assemblyDir: assembly.directory,
    findings: unacknowledgedFindings(assembly.directory),
  };
}
