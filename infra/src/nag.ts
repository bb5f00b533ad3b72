import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type App, type CfnElement, Stack, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

const withNag = new WeakSet<App>();

/** Runs the AWS Solutions rule pack at every synth of `app` (once, however often it is called). */
export function addNagChecks(app: App): void {
  if (withNag.has(app)) return;
  withNag.add(app);
  // The acknowledgements also go into each resource's Metadata (cdk_nag.rules_to_suppress): an audit trail.
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { writeSuppressionsToCloudFormation: true }));
}

/** The logical ID of a construct's CloudFormation resource, as cdk-nag names it in findings. */
export function logicalId(construct: IConstruct): string {
  return Stack.of(construct).getLogicalId(construct.node.defaultChild as CfnElement);
}

/** One unacknowledged finding of a validation plugin, as the synth's report lists it. */
export interface Finding {
  plugin: string;
  rule: string;
  severity: string;
  description: string;
  resources: string[];
}

interface ValidationReport {
  pluginReports?: {
    pluginName?: string;
    violations?: {
      ruleName: string;
      severity?: string;
      description?: string;
      violatingConstructs?: { constructPath?: string }[];
    }[];
  }[];
}

/**
 * Every finding left in the validation report CDK writes into the cloud
 * assembly (acknowledged ones are not in `violations`), warnings included.
 * An assembly without a report had nothing to report.
 */
export function unacknowledgedFindings(assemblyDir: string): Finding[] {
  const file = join(assemblyDir, 'validation-report.json');
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8')) as ValidationReport;
  return (report.pluginReports ?? []).flatMap((plugin) =>
    (plugin.violations ?? []).map((violation) => ({
      plugin: plugin.pluginName ?? 'unknown',
      rule: violation.ruleName,
      severity: violation.severity ?? 'unknown',
      description: violation.description ?? '',
      resources: (violation.violatingConstructs ?? []).map((c) => c.constructPath ?? '?'),
    })),
  );
}

export function formatFindings(findings: Finding[]): string {
  return findings
    .map((f) => `[${f.severity}] ${f.rule} (${f.plugin}): ${f.description}\n    ${f.resources.join('\n    ')}`)
    .join('\n');
}
