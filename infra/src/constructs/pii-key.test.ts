import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PII_ENCRYPTION_CONTEXT } from '@app/functions/secrets/field-crypto';
import { removeTempDirs, synthesize, type Synthesized } from '../../test/synth';
import { logicalId } from '../nag';

// CloudFormation JSON as the template holds it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Cfn = any;

let synth: Synthesized;

afterAll(removeTempDirs);

beforeAll(() => {
  synth = synthesize({
    stage: 'prod',
    domainName: 'www.kaveri-studio.in',
    certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0f3c5a4e-1111-4222-8333-944455556666',
    alarmEmail: 'ops@kaveri-studio.in',
    bundle: false,
  });
});

const asArray = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);
const resources = (type: string): [string, Cfn][] => Object.entries(synth.template.findResources(type) as Record<string, Cfn>);

describe("the KMS key of employees' personal data", () => {
  it('rotates, is kept when the stack goes, and has an alias', () => {
    const keys = resources('AWS::KMS::Key');
    expect(keys).toHaveLength(1);
    const [id, key] = keys[0]!;
    expect(id).toBe(logicalId(synth.stacks.api.piiKey));
    expect(key.Properties.EnableKeyRotation).toBe(true);
    expect(key.DeletionPolicy).toBe('Retain');
    expect(key.UpdateReplacePolicy).toBe('Retain');
    const aliases = resources('AWS::KMS::Alias');
    expect(aliases).toHaveLength(1);
    expect(aliases[0]![1].Properties.AliasName).toMatch(/^alias\/.+\/employee-pii$/);
    expect(aliases[0]![1].Properties.TargetKeyId).toEqual({ 'Fn::GetAtt': [id, 'Arn'] });
  });

  it('names no principal in its key policy but the account root (the statement CDK adds for key administration)', () => {
    const [, key] = resources('AWS::KMS::Key')[0]!;
    const statements = key.Properties.KeyPolicy.Statement as Cfn[];
    expect(statements).toHaveLength(1);
    const [root] = statements;
    expect(root.Effect).toBe('Allow');
    expect(JSON.stringify(root.Principal)).toMatch(/:root/);
    expect(JSON.stringify(root.Principal)).not.toMatch(/Role|Lambda|ServiceRole|Service"/);
  });

  it('is used by the admin role only: GenerateDataKey and Decrypt, for the PII encryption context', () => {
    const keyId = logicalId(synth.stacks.api.piiKey);
    const adminRoleId = logicalId(synth.stacks.api.adminRole);
    const users: { roles: string[]; statement: Cfn }[] = [];
    for (const [, policy] of resources('AWS::IAM::Policy')) {
      for (const statement of policy.Properties.PolicyDocument.Statement as Cfn[]) {
        const mentionsKey = JSON.stringify(statement.Resource ?? '').includes(keyId);
        const kmsOnAnything = asArray(statement.Action).some((action: string) => action.startsWith('kms:')) && JSON.stringify(statement.Resource) === '"*"';
        if (mentionsKey || kmsOnAnything) users.push({ roles: (policy.Properties.Roles as { Ref: string }[]).map((r) => r.Ref), statement });
      }
    }
    expect(users).toHaveLength(1);
    expect(users[0]!.roles).toEqual([adminRoleId]);
    const { statement } = users[0]!;
    expect(statement.Effect).toBe('Allow');
    expect(asArray(statement.Action).sort()).toEqual(['kms:Decrypt', 'kms:GenerateDataKey']);
    expect(statement.Resource).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
    expect(statement.Condition).toEqual({ StringEquals: { 'kms:EncryptionContext:purpose': PII_ENCRYPTION_CONTEXT.purpose } });
    // Managed policies and inline role policies do not touch it either.
    for (const [, role] of resources('AWS::IAM::Role')) {
      expect(JSON.stringify(role.Properties.Policies ?? [])).not.toContain(keyId);
      expect(JSON.stringify(role.Properties.ManagedPolicyArns ?? [])).not.toMatch(/KMS|PowerUser|AdministratorAccess/i);
    }
  });

  it('is named to the admin function alone, as PII_KMS_KEY_ID', () => {
    const keyId = logicalId(synth.stacks.api.piiKey);
    const adminFunctionId = logicalId(synth.stacks.api.adminFunction);
    for (const [id, fn] of resources('AWS::Lambda::Function')) {
      const variables = fn.Properties.Environment?.Variables ?? {};
      if (id === adminFunctionId) expect(variables.PII_KMS_KEY_ID).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
      else expect(JSON.stringify(variables)).not.toContain(keyId);
    }
  });
});
