import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PII_ENCRYPTION_CONTEXT } from '@app/functions/secrets/field-crypto';
import { removeTempDirs, synthesize, type Synthesized, PROD_CONFIG } from '../../test/synth';
import { logicalId } from '../nag';
import { PII_KEY_ADMIN_ACTIONS } from './table-access';

// CloudFormation JSON as the template holds it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Cfn = any;

let synth: Synthesized;

afterAll(removeTempDirs);

beforeAll(() => {
  synth = synthesize({ ...PROD_CONFIG, bundle: false });
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

  it('lets only the admin and auth roles use it, and the account root only manage it: no kms:* to anyone', () => {
    const [, key] = resources('AWS::KMS::Key')[0]!;
    const statements = key.Properties.KeyPolicy.Statement as Cfn[];
    expect(statements.map((statement) => statement.Sid)).toEqual(['KeyAdministration', 'EmployeePiiDataKeys']);
    for (const statement of statements) {
      expect(statement.Effect, statement.Sid).toBe('Allow');
      expect(asArray(statement.Action), statement.Sid).not.toContain('kms:*');
    }
    const [administration, use] = statements;
    // Key administrators: principals of the account that IAM lets manage keys (the deploy role). Managing is not using.
    expect(JSON.stringify(administration.Principal)).toMatch(/:root/);
    expect(asArray(administration.Action).sort()).toEqual([...PII_KEY_ADMIN_ACTIONS].sort());
    const cryptographic = /^kms:(Encrypt|Decrypt|ReEncrypt|GenerateDataKey|GenerateMac|VerifyMac|Sign|Verify|CreateGrant|\*)/;
    for (const action of asArray(administration.Action) as string[]) {
      expect(action, action).not.toMatch(cryptographic);
      // A wildcard may not stretch to a cryptographic action either.
      if (action.endsWith('*')) expect(['kms:Describe*', 'kms:Get*', 'kms:List*']).toContain(action);
    }
    // Use: the two roles by ARN, the two actions, for the PII encryption context only.
    const roles = [synth.stacks.api.adminRole, synth.stacks.api.authRole].map((role) => ({ 'Fn::GetAtt': [logicalId(role), 'Arn'] }));
    expect(use.Principal).toEqual({ AWS: roles });
    expect(asArray(use.Action).sort()).toEqual(['kms:Decrypt', 'kms:GenerateDataKey']);
    expect(use.Condition).toEqual({ StringEquals: { 'kms:EncryptionContext:purpose': PII_ENCRYPTION_CONTEXT.purpose } });
  });

  it("is named by no role's IAM policy: its key policy alone says who may use it", () => {
    const keyId = logicalId(synth.stacks.api.piiKey);
    for (const [id, policy] of resources('AWS::IAM::Policy')) {
      for (const statement of policy.Properties.PolicyDocument.Statement as Cfn[]) {
        expect(JSON.stringify(statement.Resource ?? ''), id).not.toContain(keyId);
        // Nor kms on every key.
        const kms = asArray(statement.Action).some((action: string) => action.startsWith('kms:'));
        expect(kms && JSON.stringify(statement.Resource) === '"*"', id).toBe(false);
      }
    }
    // Managed policies and inline role policies do not touch it either.
    for (const [, role] of resources('AWS::IAM::Role')) {
      expect(JSON.stringify(role.Properties.Policies ?? [])).not.toContain(keyId);
      expect(JSON.stringify(role.Properties.ManagedPolicyArns ?? [])).not.toMatch(/KMS|PowerUser|AdministratorAccess/i);
    }
  });

  it('is named to the admin and auth functions alone, as PII_KMS_KEY_ID', () => {
    const keyId = logicalId(synth.stacks.api.piiKey);
    const users = [synth.stacks.api.adminFunction, synth.stacks.api.authFunction].map(logicalId);
    for (const [id, fn] of resources('AWS::Lambda::Function')) {
      const variables = fn.Properties.Environment?.Variables ?? {};
      if (users.includes(id)) expect(variables.PII_KMS_KEY_ID).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
      else expect(JSON.stringify(variables)).not.toContain(keyId);
    }
  });
});
