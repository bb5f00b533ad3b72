import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Template } from 'aws-cdk-lib/assertions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { logicalId } from './nag';

/**
 * The size budget of every minified Lambda bundle (its index.mjs; source map and copied files aside), checked by
 * lambda-bundles.test.ts and `npm run bench:lambda`: 1.5 MiB. The public bundle carries the website's page renderer
 * (React, MUI and the pages) besides the API and sits closest to it; the size is what the cold import costs, which
 * the bench prints beside it. Lambda's own limit (50 MB zipped) is far away.
 * Each function bundles only the modules whose routes it serves (functions/src/handlers/<function>-routes.ts), and
 * functions/package.json says its files have no side effects, so esbuild drops what a module's entry re-exports
 * unused: the public bundle went from 1,574 KiB (the whole app, when the budget had to be 1.75 MiB) to about 1,320 KiB,
 * its renderer about 600 KiB of it and the AWS SDK about 350 KiB.
 */
export const LAMBDA_BUNDLE_BUDGET_BYTES = 1.5 * 1024 * 1024;

/** The budget as people read it (1.5 MiB). */
export const LAMBDA_BUNDLE_BUDGET_TEXT = `${LAMBDA_BUNDLE_BUDGET_BYTES / 1024 / 1024} MiB`;

/** A function's code as the cloud assembly holds it: the folder CDK zips and uploads. */
export interface Bundle {
  /** The asset folder (cdk.out/asset.<hash>). */
  dir: string;
  /** The handler module inside it. */
  entry: string;
}

/**
 * Finds the very files CDK deploys for `fn`: the template's Code.S3Key is
 * `<asset hash>.zip`, and the assembly keeps that asset unzipped in
 * `asset.<asset hash>/`. Throws when synthesis skipped bundling.
 */
export function bundleOf(template: Template, assemblyDir: string, fn: IFunction): Bundle {
  const id = logicalId(fn);
  const resource = (template.toJSON().Resources as Record<string, { Properties: { Code?: { S3Key?: unknown }; Handler?: string } }>)[id];
  const key = resource?.Properties.Code?.S3Key;
  if (typeof key !== 'string' || !key.endsWith('.zip')) throw new Error(`${id} has no asset S3Key`);
  const dir = join(assemblyDir, `asset.${key.slice(0, -'.zip'.length)}`);
  const file = resource!.Properties.Handler?.split('.')[0] ?? 'index';
  const entry = ['.mjs', '.js', '.cjs'].map((ext) => join(dir, file + ext)).find((path) => existsSync(path));
  if (!entry) throw new Error(`no bundled handler in ${dir} (was bundling skipped?)`);
  return { dir, entry };
}
