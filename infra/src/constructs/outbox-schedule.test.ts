import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_TICK } from '@app/functions/notify/outbox-tick';
import { removeTempDirs, synthesize, type Synthesized } from '../../test/synth';
import { logicalId } from '../nag';

// CloudFormation JSON as the template holds it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Cfn = any;

let synth: Synthesized;

afterAll(removeTempDirs);

beforeAll(() => {
  synth = synthesize({ stage: 'prod', alarmEmail: 'ops@kaveri-studio.in', bundle: false });
});

const resources = (type: string): [string, Cfn][] => Object.entries(synth.template.findResources(type) as Record<string, Cfn>);
const asArray = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

describe('the notification outbox schedule', () => {
  it("ticks every minute into the admin function's live alias with the input its handler recognises, without retries", () => {
    const adminAliasId = logicalId(synth.stacks.api.live.alias(synth.stacks.api.adminFunction));
    const rules = resources('AWS::Events::Rule').filter(([, rule]) => rule.Properties.ScheduleExpression === 'rate(1 minute)');
    expect(rules).toHaveLength(1);
    const [, rule] = rules[0]!;
    expect(rule.Properties.State).toBe('ENABLED');
    expect(rule.Properties.Targets).toHaveLength(1);
    const [target] = rule.Properties.Targets;
    expect(target.Arn).toEqual({ Ref: adminAliasId });
    expect(JSON.parse(target.Input)).toEqual(OUTBOX_TICK);
    expect(target.RetryPolicy).toEqual({ MaximumRetryAttempts: 0 });
  });

  it("lets EventBridge invoke the admin function's live alias from that rule only", () => {
    const adminAliasId = logicalId(synth.stacks.api.live.alias(synth.stacks.api.adminFunction));
    const [ruleId] = resources('AWS::Events::Rule').find(([, rule]) => rule.Properties.ScheduleExpression === 'rate(1 minute)')!;
    const permissions = resources('AWS::Lambda::Permission').filter(
      ([, p]) => p.Properties.Principal === 'events.amazonaws.com' && JSON.stringify(p.Properties.FunctionName).includes(adminAliasId),
    );
    expect(permissions).toHaveLength(1);
    expect(permissions[0]![1].Properties.SourceArn).toEqual({ 'Fn::GetAtt': [ruleId, 'Arn'] });
  });

  it('needs no new permission for plain SMTP: no role may use SES', () => {
    for (const [, policy] of resources('AWS::IAM::Policy')) {
      for (const statement of policy.Properties.PolicyDocument.Statement as Cfn[]) {
        expect(asArray(statement.Action).some((action: string) => action.startsWith('ses:'))).toBe(false);
      }
    }
  });
});
