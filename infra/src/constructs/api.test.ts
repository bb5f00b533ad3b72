import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, synthesize, type Synthesized } from '../../test/synth';
import { logicalId } from '../nag';

// CloudFormation JSON as the template holds it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Cfn = any;

let synth: Synthesized;

afterAll(removeTempDirs);

beforeAll(() => {
  synth = synthesize({ stage: 'dev', bundle: false });
});

const functions = (): [string, Cfn][] => Object.entries(synth.template.findResources('AWS::Lambda::Function'));

function statementsOf(roleLogicalId: string): Cfn[] {
  return Object.values(synth.template.findResources('AWS::IAM::Policy') as Record<string, Cfn>)
    .filter((p) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleLogicalId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Cfn[]);
}

const asArray = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

describe('the origin-verify secret in the API functions', () => {
  it('is never a plain value in any function environment (no {{resolve:secretsmanager}})', () => {
    expect(functions().length).toBeGreaterThan(0);
    for (const [id, fn] of functions()) {
      expect(JSON.stringify(fn.Properties.Environment ?? {}), id).not.toContain('resolve:secretsmanager');
    }
  });

  it('is named by its ARN (ORIGIN_VERIFY_SECRET_ARN) in every API function', () => {
    const secretRef = { Ref: logicalId(synth.stacks.auth.originVerify) };
    const api = functions().filter(([id]) => /^Api(Public|Admin|Pdf|Auth|ClientLink)Function/.test(id));
    expect(api).toHaveLength(5);
    for (const [id, fn] of api) {
      const variables = fn.Properties.Environment.Variables as Record<string, unknown>;
      expect(variables.ORIGIN_VERIFY_SECRET_ARN, id).toEqual(secretRef);
      expect(variables, id).not.toHaveProperty('ORIGIN_VERIFY_SECRET');
    }
  });

  it('may be read by each function with GetSecretValue on that secret only', () => {
    const secretRef = { Ref: logicalId(synth.stacks.auth.originVerify) };
    const { api } = synth.stacks;
    for (const role of [api.publicRole, api.adminRole, api.pdfRole, api.authRole, api.clientLinkRole]) {
      const statements = statementsOf(logicalId(role));
      const onSecret = statements.filter((s) => JSON.stringify(s.Resource) === JSON.stringify(secretRef));
      expect(onSecret, role.node.path).toEqual([
        { Sid: 'OriginVerifySecret', Effect: 'Allow', Action: 'secretsmanager:GetSecretValue', Resource: secretRef },
      ]);
      // No other statement reaches Secrets Manager through a wildcard.
      for (const statement of statements) {
        if (asArray(statement.Action).some((a: string) => a.startsWith('secretsmanager:'))) {
          expect(asArray(statement.Resource), role.node.path).not.toContain('*');
        }
      }
    }
    // The public function reads no other secret.
    const publicSecrets = statementsOf(logicalId(synth.stacks.api.publicRole)).filter((s) =>
      asArray(s.Action).some((a: string) => a.startsWith('secretsmanager:')),
    );
    expect(publicSecrets.map((s) => s.Resource)).toEqual([secretRef]);
  });
});
