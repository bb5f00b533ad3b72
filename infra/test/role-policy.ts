import type { Template } from 'aws-cdk-lib/assertions';
import type { SnapshotStatement } from '../../functions/test/iam/policy';

// CloudFormation JSON as the template holds it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Cfn = any;

const asArray = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/** Every statement of the IAM policies attached to the role with `roleLogicalId`. */
export function policyStatementsOf(template: Template, roleLogicalId: string): Cfn[] {
  return Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Cfn>)
    .filter((p) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleLogicalId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Cfn[]);
}

/** Whether a statement names a DynamoDB action. */
const isDynamoStatement = (statement: Cfn): boolean => asArray(statement.Action).some((a: string) => a.startsWith('dynamodb:'));

/**
 * A role's DynamoDB statements in the snapshot's form (functions/test/iam/policy.ts): resources as
 * 'table' or 'index/<name>' of the app's table, conditions as written. The API tests replay every
 * DynamoDB call a function makes against its committed snapshot (infra/<name>-role-policy.json),
 * which must equal this.
 */
export function snapshotStatementsOf(statements: Cfn[], tableId: string): SnapshotStatement[] {
  return statements.filter(isDynamoStatement).map((s) => ({
    sid: s.Sid,
    effect: s.Effect,
    actions: asArray(s.Action),
    resources: asArray(s.Resource).map((resource: Cfn) => {
      const text = JSON.stringify(resource);
      if (!text.includes(`"${tableId}"`)) return `not the table: ${text}`;
      const index = /\/index\/([^"]+)"/.exec(text);
      return index ? `index/${index[1]}` : 'table';
    }),
    conditions: s.Condition ?? {},
  }));
}
