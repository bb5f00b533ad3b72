import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS_TASKS } from '@app/functions/handlers/jobs';
import { removeTempDirs, synthesize, type Synthesized } from '../../test/synth';
import { logicalId } from '../nag';
import { DATA_UPGRADE_TASK } from './api';

// CloudFormation JSON as the template holds it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Cfn = any;

let synth: Synthesized;
let again: Synthesized;
let before: string;
let between: string;

afterAll(removeTempDirs);

beforeAll(() => {
  before = new Date().toISOString();
  // Both made here (not shared with other files): the test reads the time of each synth.
  synth = synthesize({ stage: 'prod', alarmEmail: 'ops@kaveri-studio.in', bundle: false }, { fresh: true });
  between = new Date().toISOString();
  // A second deploy of the same code: a second synth.
  again = synthesize({ stage: 'prod', alarmEmail: 'ops@kaveri-studio.in', bundle: false }, { fresh: true });
});

const resources = (of: Synthesized, type: string): [string, Cfn][] => Object.entries(of.template.findResources(type) as Record<string, Cfn>);
const resource = (of: Synthesized, id: string): Cfn => (of.template.toJSON() as { Resources: Record<string, Cfn> }).Resources[id];
const asArray = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

function statementsOf(of: Synthesized, roleId: string): Cfn[] {
  return resources(of, 'AWS::IAM::Policy')
    .filter(([, p]) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Cfn[]);
}

/** The one DataUpgrade resource and the provider framework function behind its service token. */
function dataUpgrade(of: Synthesized) {
  const found = resources(of, 'Custom::DataUpgrade');
  expect(found).toHaveLength(1);
  const [id, upgrade] = found[0]!;
  const frameworkId = (upgrade.Properties.ServiceToken as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return { id, upgrade, frameworkId, framework: resource(of, frameworkId) };
}

describe('the data upgrade at every deploy', () => {
  it("is one custom resource whose provider invokes the Jobs function with the 'data-upgrade' task and waits for its answer", () => {
    const jobsId = logicalId(synth.stacks.api.jobsFunction);
    const { upgrade, framework } = dataUpgrade(synth);
    expect(upgrade.Properties).toEqual({
      ServiceToken: expect.anything(),
      ServiceTimeout: '1200',
      task: 'data-upgrade',
      deployId: expect.any(String),
    });
    expect(DATA_UPGRADE_TASK).toBe('data-upgrade');
    expect(JOBS_TASKS).toContain(DATA_UPGRADE_TASK);
    // CDK's provider framework: a function that invokes USER_ON_EVENT_FUNCTION_ARN (RequestResponse) with the event.
    expect(framework.Type).toBe('AWS::Lambda::Function');
    expect(framework.Properties.Handler).toBe('framework.onEvent');
    expect(framework.Properties.Environment.Variables).toEqual({ USER_ON_EVENT_FUNCTION_ARN: { 'Fn::GetAtt': [jobsId, 'Arn'] } });
    expect(framework.Properties.Role).toEqual({ 'Fn::GetAtt': [logicalId(synth.stacks.api.dataUpgradeRole), 'Arn'] });
    // It waits as long as the Jobs function may run; CloudFormation waits a little longer for it.
    const jobs = resource(synth, jobsId);
    expect(framework.Properties.Timeout).toBe(900);
    expect(jobs.Properties.Timeout).toBeLessThanOrEqual(framework.Properties.Timeout);
    expect(Number(upgrade.Properties.ServiceTimeout)).toBeGreaterThan(framework.Properties.Timeout);
    // Its logs go to a log group of its own, kept for a set time.
    const logGroupId = framework.Properties.LoggingConfig.LogGroup.Ref as string;
    expect(resource(synth, logGroupId).Properties.RetentionInDays).toBe(90);
  });

  it('runs once the table and the Jobs function, its role and its policies are in place', () => {
    const { upgrade } = dataUpgrade(synth);
    const jobsRoleId = logicalId(synth.stacks.api.jobsRole);
    const jobsPolicyId = resources(synth, 'AWS::IAM::Policy').find(([, p]) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === jobsRoleId))![0];
    expect(upgrade.DependsOn).toEqual(
      expect.arrayContaining([logicalId(synth.stacks.database.table), logicalId(synth.stacks.api.jobsFunction), jobsRoleId, jobsPolicyId]),
    );
  });

  it('runs at every deploy: each synth gives it a new deployId (the time of the synth), and nothing else changes', () => {
    const first = dataUpgrade(synth).upgrade;
    const second = dataUpgrade(again).upgrade;
    const deployId = first.Properties.deployId as string;
    expect(new Date(deployId).toISOString()).toBe(deployId);
    expect(deployId >= before && deployId <= between).toBe(true);
    // Later deploys have later ids: the Jobs function reads a smaller one as CloudFormation rolling back.
    expect(second.Properties.deployId > deployId).toBe(true);
    expect({ ...second.Properties, deployId }).toEqual(first.Properties);
  });

  it('may invoke the Jobs function (its versions included) and write its own logs, nothing else', () => {
    const jobsId = logicalId(synth.stacks.api.jobsFunction);
    const roleId = logicalId(synth.stacks.api.dataUpgradeRole);
    const { framework } = dataUpgrade(synth);
    const logGroupId = framework.Properties.LoggingConfig.LogGroup.Ref as string;
    const jobsArn = { 'Fn::GetAtt': [jobsId, 'Arn'] };
    expect(statementsOf(synth, roleId)).toEqual([
      { Effect: 'Allow', Action: ['logs:CreateLogStream', 'logs:PutLogEvents'], Resource: { 'Fn::GetAtt': [logGroupId, 'Arn'] } },
      { Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: [jobsArn, { 'Fn::Join': ['', [jobsArn, ':*']] }] },
      { Effect: 'Allow', Action: 'lambda:GetFunction', Resource: jobsArn },
    ]);
    const role = resource(synth, roleId);
    expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    expect(role.Properties.Policies).toBeUndefined();
    // No other function may be invoked by this role, and no other role uses the framework.
    for (const statement of statementsOf(synth, roleId)) {
      for (const target of asArray(statement.Resource)) expect(JSON.stringify(target)).not.toMatch(/Api(Public|Admin|Pdf|Auth|ClientLink)Function/);
    }
    const usingRole = resources(synth, 'AWS::Lambda::Function').filter(([, fn]) => JSON.stringify(fn.Properties.Role).includes(roleId));
    expect(usingRole.map(([id]) => id)).toEqual([dataUpgrade(synth).frameworkId]);
  });

  it('acknowledges the one cdk-nag finding it brings, for the Jobs function versions only', () => {
    const role = resource(synth, logicalId(synth.stacks.api.dataUpgradeRole));
    expect(role.Metadata.cdk_nag.rules_to_suppress).toEqual([
      { id: `AwsSolutions-IAM5[Resource::<${logicalId(synth.stacks.api.jobsFunction)}.Arn>:*]`, reason: expect.stringContaining('Jobs function') },
    ]);
    expect(synth.findings).toEqual([]);
  });

  it("outputs the Jobs function's name, for a manual run", () => {
    expect(synth.template.toJSON().Outputs.JobsFunctionName).toEqual({
      Value: { Ref: logicalId(synth.stacks.api.jobsFunction) },
      Description: expect.stringContaining('{"task":"data-upgrade"}'),
    });
  });
});
