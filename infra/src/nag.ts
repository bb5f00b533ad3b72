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

/**
 * An ARN as cdk-nag writes it in a finding's id (AwsSolutions-IAM5[Resource::<this>/...]): a
 * resource's attribute as <LogicalId.Attr>, a reference as <Name>, the rest as written. So an
 * acknowledgement names the table's ARN whether the table is the stack's own or an imported one.
 */
export function nagArn(scope: IConstruct, arn: string): string {
  const render = (value: unknown): string => {
    if (typeof value === 'string') return value;
    if (typeof value === 'object' && value !== null) {
      if ('Fn::GetAtt' in value && Array.isArray(value['Fn::GetAtt'])) return `<${value['Fn::GetAtt'].join('.')}>`;
      if ('Ref' in value && typeof value.Ref === 'string') return `<${value.Ref}>`;
      if ('Fn::Join' in value && Array.isArray(value['Fn::Join'])) {
        const [separator, parts] = value['Fn::Join'];
        if (typeof separator === 'string' && Array.isArray(parts)) return parts.map(render).join(separator);
      }
    }
    throw new Error(`nagArn: cannot render ${JSON.stringify(value)}`);
  };
  return render(Stack.of(scope).resolve(arn));
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
