import { Annotations, Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, synthesize, type Synthesized } from '../../test/synth';
import { edgeMonitoringStackName, stackName } from '../create-stacks';
import { logicalId } from '../nag';
import { EDGE_REGION, webAclArnParameterName } from './edge';
import { CLOUDFRONT_5XX_RATE_PERCENT, edgeAlarmName, WAF_BLOCKED_SPIKE } from './edge-monitoring';
import { ASYNC_RETRY_ATTEMPTS, DEAD_LETTER_RETENTION, LIVE_ALIAS } from './live-aliases';
import { API_4XX_RATIO_PERCENT, API_5XX_RATIO_PERCENT, DEFAULT_P99_LATENCY_MS, ERROR_LOG_PATTERN, P99_LATENCY_MS, RATIO_MIN_REQUESTS } from './monitoring';

// CloudFormation JSON as the template holds it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Cfn = any;

let dev: Synthesized;
let prod: Synthesized;

afterAll(removeTempDirs);

beforeAll(() => {
  dev = synthesize({ stage: 'dev', bundle: false });
  prod = synthesize({ stage: 'prod', alarmEmail: 'ops@kaveri-studio.in', bundle: false });
});

const resources = (template: Template, type: string): [string, Cfn][] => Object.entries(template.findResources(type) as Record<string, Cfn>);
const byId = (template: Template, id: string): Cfn => (template.toJSON().Resources as Record<string, Cfn>)[id];
const asArray = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);
const ref = (value: Cfn): string | undefined => value?.Ref ?? value?.['Fn::GetAtt']?.[0];

/** The template's `live` aliases: alias logical id to its function's logical id. */
function liveAliases(template: Template): Map<string, string> {
  return new Map(
    resources(template, 'AWS::Lambda::Alias')
      .filter(([, alias]) => alias.Properties.Name === LIVE_ALIAS)
      .map(([id, alias]) => [id, alias.Properties.FunctionName.Ref]),
  );
}

/** Every Lambda the rules, API Gateway and the admin function's job runner invoke, as the template names it. */
function invoked(synth: Synthesized) {
  const rules = resources(synth.template, 'AWS::Events::Rule').flatMap(([id, rule]) =>
    (rule.Properties.Targets as Cfn[]).map((target) => ({ rule: id, target })),
  );
  const integrations = resources(synth.template, 'AWS::ApiGatewayV2::Integration').map(([, i]) => i.Properties.IntegrationUri);
  const admin = byId(synth.template, logicalId(synth.stacks.api.adminFunction));
  return { rules, integrations, jobRunner: admin.Properties.Environment.Variables.JOBS_FUNCTION_NAME };
}

describe('every function of the API', () => {
  it('is an app function with a live alias, or one of CDK\'s deploy-time handlers that nothing else invokes', () => {
    for (const synth of [dev, prod]) {
      const aliased = new Set(liveAliases(synth.template).values());
      const api = synth.stacks.api;
      for (const fn of [api.publicFunction, api.adminFunction, api.pdfFunction, api.jobsFunction]) expect(aliased).toContain(logicalId(fn));
      const others = resources(synth.template, 'AWS::Lambda::Function').filter(([id]) => !aliased.has(id)).map(([id]) => id);
      // The data upgrade's provider framework, the web ACL ARN reader (AwsCustomResource), the site upload, a dev bucket's emptying.
      for (const id of others) expect(id).toMatch(/^(ApiDataUpgradeProviderframeworkonEvent|AWS679f53fac002430cb0da5b7982bd2287|CustomCDKBucketDeployment|CustomS3AutoDeleteObjects)/);
    }
  });

  it('traces every invocation with X-Ray and logs in Lambda\'s JSON format, INFO and up, into its own filtered log group', () => {
    for (const synth of [dev, prod]) {
      const filters = resources(synth.template, 'AWS::Logs::MetricFilter').map(([, f]) => f.Properties);
      for (const fnId of liveAliases(synth.template).values()) {
        const fn = byId(synth.template, fnId).Properties;
        expect(fn.TracingConfig, fnId).toEqual({ Mode: 'Active' });
        expect(fn.LoggingConfig, fnId).toEqual({ LogFormat: 'JSON', ApplicationLogLevel: 'INFO', SystemLogLevel: 'INFO', LogGroup: { Ref: expect.any(String) } });
        // The error-log filter reads the records this format writes (monitoring.test.ts puts a real line through it).
        const filter = filters.find((f) => f.LogGroupName.Ref === fn.LoggingConfig.LogGroup.Ref);
        expect(filter?.FilterPattern, fnId).toBe(ERROR_LOG_PATTERN.logPatternString);
        // Active tracing needs the role's X-Ray writes, and nothing wider.
        const roleId = fn.Role['Fn::GetAtt'][0];
        const statements = resources(synth.template, 'AWS::IAM::Policy')
          .filter(([, p]) => (p.Properties.Roles as Cfn[]).some((r) => r.Ref === roleId))
          .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Cfn[]);
        expect(statements.filter((s) => asArray(s.Action).some((a: string) => a.startsWith('xray:'))), fnId).toEqual([
          { Effect: 'Allow', Action: ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'], Resource: '*' },
        ]);
      }
    }
  });
});

describe('versions and the live alias', () => {
  it('publish a version of each function and point its live alias at it', () => {
    for (const synth of [dev, prod]) {
      for (const [aliasId, fnId] of liveAliases(synth.template)) {
        const versionId = byId(synth.template, aliasId).Properties.FunctionVersion['Fn::GetAtt'][0];
        const version = byId(synth.template, versionId);
        expect(version.Type, aliasId).toBe('AWS::Lambda::Version');
        expect(version.Properties.FunctionName).toEqual({ Ref: fnId });
      }
    }
  });

  it('are what API Gateway, every EventBridge rule and the job runner invoke, never a function unqualified', () => {
    for (const synth of [dev, prod]) {
      const aliases = liveAliases(synth.template);
      const { rules, integrations, jobRunner } = invoked(synth);
      expect(integrations.length).toBeGreaterThanOrEqual(3);
      for (const uri of integrations) expect(aliases.has(uri.Ref), JSON.stringify(uri)).toBe(true);
      expect(rules.length).toBeGreaterThanOrEqual(3);
      for (const { rule, target } of rules) expect(aliases.has(target.Arn.Ref), rule).toBe(true);
      expect(aliases.get(jobRunner.Ref)).toBe(logicalId(synth.stacks.api.jobsFunction));
      // Lambda lets API Gateway and EventBridge invoke the aliases only.
      for (const [id, permission] of resources(synth.template, 'AWS::Lambda::Permission')) {
        if (['apigateway.amazonaws.com', 'events.amazonaws.com'].includes(permission.Properties.Principal)) {
          expect(aliases.has(permission.Properties.FunctionName.Ref), id).toBe(true);
        }
      }
    }
  });

  it('shift the API functions\' traffic through CodeDeploy: a 10% canary for 5 minutes on kept stages, rolled back on the 5xx and errors alarms', () => {
    const groups = resources(prod.template, 'AWS::CodeDeploy::DeploymentGroup');
    const api = prod.stacks.api;
    const shifted = [api.publicFunction, api.adminFunction, api.pdfFunction, api.authFunction, api.clientLinkFunction];
    expect(groups).toHaveLength(shifted.length);
    for (const fn of shifted) {
      const alias = byId(prod.template, logicalId(api.live.alias(fn)));
      const groupId = alias.UpdatePolicy.CodeDeployLambdaAliasUpdate.DeploymentGroupName.Ref;
      const group = byId(prod.template, groupId).Properties;
      expect(group.DeploymentConfigName).toBe('CodeDeployDefault.LambdaCanary10Percent5Minutes');
      expect(group.AutoRollbackConfiguration).toEqual({ Enabled: true, Events: expect.arrayContaining(['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_ALARM']) });
      const alarms = (group.AlarmConfiguration.Alarms as Cfn[]).map((a) => a.Name.Ref).sort();
      const errors = resources(prod.template, 'AWS::CloudWatch::Alarm').find(
        ([, a]) => a.Properties.MetricName === 'Errors' && a.Properties.Dimensions[0].Value.Ref === logicalId(fn),
      )![0];
      expect(alarms).toEqual([errors, logicalId(prod.stacks.monitoring.alarms.find((a) => a.node.id === 'Api5xx')!), logicalId(prod.stacks.monitoring.alarms.find((a) => a.node.id === 'Api5xxRatio')!)].sort());
      expect(group.AlarmConfiguration.Enabled).toBe(true);
    }
    // The Jobs function's runs are not traffic: its alias moves with the stack update.
    expect(byId(prod.template, logicalId(api.live.alias(api.jobsFunction))).UpdatePolicy).toBeUndefined();
  });

  it('move at once on dev stages, alarms aside, and wherever DEPLOYMENT=all-at-once says so', () => {
    const hotfix = synthesize({ stage: 'prod', alarmEmail: 'ops@kaveri-studio.in', deployment: 'all-at-once', bundle: false });
    for (const synth of [dev, hotfix]) {
      const groups = resources(synth.template, 'AWS::CodeDeploy::DeploymentGroup');
      expect(groups).toHaveLength(5);
      for (const [id, group] of groups) {
        expect(group.Properties.DeploymentConfigName, id).toBe('CodeDeployDefault.LambdaAllAtOnce');
        expect(group.Properties.AlarmConfiguration?.Alarms ?? [], id).toEqual([]);
        expect(group.Properties.AutoRollbackConfiguration.Events, id).not.toContain('DEPLOYMENT_STOP_ON_ALARM');
      }
    }
  });
});

describe('failure handling', () => {
  it('gives every EventBridge target a dead-letter queue, which EventBridge may write from those rules only', () => {
    for (const synth of [dev, prod]) {
      const { rules } = invoked(synth);
      const queueIds = new Set(rules.map(({ target }) => target.DeadLetterConfig.Arn['Fn::GetAtt'][0]));
      expect(queueIds.size).toBe(1);
      const [queueId] = queueIds;
      expect(byId(synth.template, queueId!).Type).toBe('AWS::SQS::Queue');
      const policy = resources(synth.template, 'AWS::SQS::QueuePolicy').find(([, p]) => p.Properties.Queues.some((q: Cfn) => q.Ref === queueId))![1];
      const sends = (policy.Properties.PolicyDocument.Statement as Cfn[]).filter((s) => s.Principal?.Service === 'events.amazonaws.com');
      expect(sends.map((s) => s.Condition.ArnEquals['aws:SourceArn']['Fn::GetAtt'][0]).sort()).toEqual(rules.map(({ rule }) => rule).sort());
    }
  });

  it('sends every async invoke that fails its retries to a dead-letter queue: the rules\' targets and the job runner\'s', () => {
    for (const synth of [dev, prod]) {
      const { rules, jobRunner } = invoked(synth);
      const asyncAliases = new Set([...rules.map(({ target }) => target.Arn.Ref), jobRunner.Ref]);
      const configs = resources(synth.template, 'AWS::Lambda::EventInvokeConfig').map(([, c]) => c.Properties);
      for (const aliasId of asyncAliases) {
        const config = configs.find((c) => JSON.stringify(c.Qualifier).includes(`"${aliasId}"`));
        expect(config, aliasId).toBeDefined();
        expect(config.MaximumRetryAttempts).toBe(ASYNC_RETRY_ATTEMPTS);
        const queueId = config.DestinationConfig.OnFailure.Destination['Fn::GetAtt'][0];
        expect(byId(synth.template, queueId).Type).toBe('AWS::SQS::Queue');
        // Lambda sends the failed event with the function's own role.
        const fn = byId(synth.template, liveAliases(synth.template).get(aliasId)!);
        const roleId = fn.Properties.Role['Fn::GetAtt'][0];
        const statements = resources(synth.template, 'AWS::IAM::Policy')
          .filter(([, p]) => (p.Properties.Roles as Cfn[]).some((r) => r.Ref === roleId))
          .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Cfn[]);
        expect(statements.some((s) => asArray(s.Action).includes('sqs:SendMessage') && ref(s.Resource) === queueId), aliasId).toBe(true);
      }
    }
  });

  it('keeps dead letters encrypted, behind TLS, for 14 days, and alarms as soon as one holds a message', () => {
    for (const synth of [dev, prod]) {
      const queues = resources(synth.template, 'AWS::SQS::Queue');
      expect(queues).toHaveLength(2);
      const alarms = resources(synth.template, 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
      const topic = { Ref: logicalId(synth.stacks.monitoring.topic) };
      for (const [id, queue] of queues) {
        expect(queue.Properties.SqsManagedSseEnabled, id).toBe(true);
        expect(queue.Properties.MessageRetentionPeriod).toBe(DEAD_LETTER_RETENTION.toSeconds());
        const policy = resources(synth.template, 'AWS::SQS::QueuePolicy').find(([, p]) => p.Properties.Queues.some((q: Cfn) => q.Ref === id))![1];
        expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
          expect.objectContaining({ Effect: 'Deny', Action: 'sqs:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } }, Principal: { AWS: '*' } }),
        );
        const depth = alarms.filter((a) => a.MetricName === 'ApproximateNumberOfMessagesVisible' && a.Dimensions[0].Value['Fn::GetAtt'][0] === id);
        expect(depth, id).toEqual([
          expect.objectContaining({ Namespace: 'AWS/SQS', ComparisonOperator: 'GreaterThanThreshold', Threshold: 0, AlarmActions: [topic], EvaluationPeriods: 1 }),
        ]);
      }
    }
  });

  it('alarms on each rule\'s failed invocations', () => {
    const alarms = resources(prod.template, 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties).filter((a) => a.MetricName === 'FailedInvocations');
    const rules = resources(prod.template, 'AWS::Events::Rule').map(([id]) => id);
    expect(alarms.map((a) => a.Dimensions[0].Value.Ref).sort()).toEqual(rules.sort());
    for (const alarm of alarms) expect(alarm).toMatchObject({ Namespace: 'AWS/Events', Statistic: 'Sum', Threshold: 1 });
  });
});

describe('alarms', () => {
  it('watch the p99 latency of every route group: each function API Gateway integrates, 15 minutes over its ceiling', () => {
    const aliases = liveAliases(prod.template);
    const integrated = new Set(invoked(prod).integrations.map((uri) => aliases.get(uri.Ref)));
    const latency = resources(prod.template, 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties).filter((a) => a.MetricName === 'Duration');
    expect(new Set(latency.map((a) => a.Dimensions[0].Value.Ref))).toEqual(integrated);
    for (const [group, fn] of Object.entries(prod.stacks.api.routeFunctions)) {
      const alarm = latency.find((a) => a.Dimensions[0].Value.Ref === logicalId(fn));
      expect(alarm, group).toMatchObject({ ExtendedStatistic: 'p99', Period: 300, EvaluationPeriods: 3, Threshold: P99_LATENCY_MS[group] ?? DEFAULT_P99_LATENCY_MS });
    }
  });

  it("watch the API's 4xx and 5xx ratios, over periods with enough requests", () => {
    const ratios = resources(prod.template, 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties).filter((a) => a.Metrics);
    for (const [kind, percent, periods] of [['4xx', API_4XX_RATIO_PERCENT, 3], ['5xx', API_5XX_RATIO_PERCENT, 1]] as const) {
      const alarm = ratios.find((a) => a.Metrics.some((m: Cfn) => m.MetricStat?.Metric.MetricName === kind))!;
      expect(alarm.Metrics[0].Expression).toBe(`IF(requests >= ${RATIO_MIN_REQUESTS}, 100 * FILL(errors${kind}, 0) / requests, 0)`);
      expect(alarm.Metrics.find((m: Cfn) => m.Id === 'requests').MetricStat.Metric).toMatchObject({ Namespace: 'AWS/ApiGateway', MetricName: 'Count' });
      expect(alarm).toMatchObject({ Threshold: percent, EvaluationPeriods: periods, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    }
  });

  it('watch CloudFront\'s 5xx rate and spikes of WAF blocks from a us-east-1 stack, deployed after the main one, into its own topic', () => {
    const edge = prod.stacks.edgeMonitoringStack;
    expect(edge.stackName).toBe(edgeMonitoringStackName('prod'));
    expect(edge.region).toBe(EDGE_REGION);
    expect(edge.dependencies.map((stack) => stack.stackName)).toContain(stackName('prod'));
    const template = prod.edgeMonitoringTemplate;
    const topic = { Ref: logicalId(prod.stacks.edgeMonitoring.topic) };
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@kaveri-studio.in', TopicArn: topic });
    const alarms = resources(template, 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    expect(alarms.map((a) => a.AlarmName).sort()).toEqual([edgeAlarmName('prod', 'cloudfront-5xx-rate'), edgeAlarmName('prod', 'waf-blocked-spike')].sort());
    for (const alarm of alarms) expect(alarm.AlarmActions).toEqual([topic]);

    // The distribution: the one using the stage's web ACL, whose ARN the edge stack keeps in SSM.
    const [lookupId, lookup] = resources(template, 'Custom::DistributionOfWebAcl')[0]!;
    const call = JSON.parse(JSON.stringify(lookup.Properties.Update));
    expect(JSON.stringify(call)).toContain('listDistributionsByWebACLId');
    const parameter = Object.values<Cfn>(template.toJSON().Parameters).find((p) => p.Default === webAclArnParameterName('prod'));
    expect(parameter?.Type).toBe('AWS::SSM::Parameter::Value<String>');
    const cloudFront = alarms.find((a) => a.AlarmName.endsWith('cloudfront-5xx-rate'));
    const rate = cloudFront.Metrics.find((m: Cfn) => m.MetricStat?.Metric.MetricName === '5xxErrorRate').MetricStat.Metric;
    expect(rate.Namespace).toBe('AWS/CloudFront');
    expect(rate.Dimensions).toEqual([
      { Name: 'DistributionId', Value: { 'Fn::GetAtt': [lookupId, 'DistributionList.Items.0.Id'] } },
      { Name: 'Region', Value: 'Global' },
    ]);
    expect(cloudFront.Threshold).toBe(CLOUDFRONT_5XX_RATE_PERCENT);

    // WAF's metrics name the web ACL by its metric name, as the edge stack sets it.
    const acl = resources(prod.edgeTemplate, 'AWS::WAFv2::WebACL')[0]![1].Properties;
    const waf = alarms.find((a) => a.AlarmName.endsWith('waf-blocked-spike'));
    expect(waf).toMatchObject({ Namespace: 'AWS/WAFV2', MetricName: 'BlockedRequests', Statistic: 'Sum', Threshold: WAF_BLOCKED_SPIKE });
    expect(waf.Dimensions).toEqual(
      expect.arrayContaining([{ Name: 'WebACL', Value: acl.VisibilityConfig.MetricName }, { Name: 'Rule', Value: 'ALL' }]),
    );
    expect(waf.Dimensions).toHaveLength(2);
    // cdk-nag runs over this stack too (synth.findings covers the whole assembly); nothing left unacknowledged.
    for (const synth of [dev, prod]) {
      expect(Annotations.fromStack(synth.stacks.edgeMonitoringStack).findWarning('*', Match.anyValue())).toEqual([]);
      expect(Annotations.fromStack(synth.stacks.edgeMonitoringStack).findError('*', Match.anyValue())).toEqual([]);
      expect(synth.findings).toEqual([]);
    }
  });
});

describe('the dashboard', () => {
  it('is one per stage and shows every alarm, the edge\'s from us-east-1 included, and the metrics behind them', () => {
    for (const synth of [dev, prod]) {
      const dashboards = resources(synth.template, 'AWS::CloudWatch::Dashboard');
      expect(dashboards).toHaveLength(1);
      const body = JSON.stringify(dashboards[0]![1].Properties.DashboardBody);
      const alarms = resources(synth.template, 'AWS::CloudWatch::Alarm');
      expect(alarms.length).toBeGreaterThanOrEqual(25);
      for (const [id] of alarms) expect(body, id).toContain(JSON.stringify({ 'Fn::GetAtt': [id, 'Arn'] }));
      const stage = synth.stacks.stack.stackName === stackName('prod') ? 'prod' : 'dev';
      for (const name of [edgeAlarmName(stage, 'cloudfront-5xx-rate'), edgeAlarmName(stage, 'waf-blocked-spike')]) {
        expect(body).toContain(`:cloudwatch:${EDGE_REGION}:`);
        expect(body).toContain(`:alarm:${name}`);
      }
      for (const metric of ['5xxErrorRate', 'BlockedRequests', 'ApproximateNumberOfMessagesVisible', 'FailedInvocations', 'ConcurrentExecutions', 'IntegrationLatency']) {
        expect(body).toContain(metric);
      }
      expect(body).toContain(`\\"region\\":\\"${EDGE_REGION}\\"`);
    }
  });
});
