import { ArnFormat, Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  AlarmWidget,
  Dashboard,
  GraphWidget,
  Metric,
  TextWidget,
  type IAlarm,
  type IMetric,
  type MathExpression,
  type IWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IRule } from 'aws-cdk-lib/aws-events';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { EDGE_REGION } from './edge';

/** What the dashboard shows of the edge, whose metrics CloudFront and WAF publish in us-east-1 only. */
export interface EdgeDashboardProps {
  /** The distribution (its metrics' DistributionId). */
  readonly distributionId: string;
  /** The web ACL's metric name (WebACL dimension). */
  readonly webAclMetricName: string;
  /** Names of the edge alarms in us-east-1 (EdgeMonitoring, in the edge monitoring stack). */
  readonly alarmNames: readonly string[];
}

export interface OperationsDashboardProps {
  readonly alarms: readonly IAlarm[];
  readonly functions: Readonly<Record<string, LambdaFunction>>;
  readonly httpApi: HttpApi;
  readonly errorRatios: readonly MathExpression[];
  readonly deadLetterQueues: Readonly<Record<string, IQueue>>;
  readonly rules: readonly IRule[];
  readonly tableThrottles: readonly IMetric[];
  readonly table: ITableV2;
  readonly edge: EdgeDashboardProps;
}

/** Name of the dashboard of a stack (unique in the account: one per stage). */
export const dashboardName = (stackName: string) => `${stackName}-operations`;

/**
 * One CloudWatch dashboard of it all, per stage: every alarm's state first, then the API (requests, error
 * ratios, latency), the functions (p99 duration, errors, throttles, concurrency), the dead-letter queues and
 * the rules, DynamoDB, and the edge (CloudFront and WAF, read from us-east-1, with the alarms kept there).
 */
export function operationsDashboard(scope: Construct, props: OperationsDashboardProps): Dashboard {
  const stack = Stack.of(scope);
  const fiveMinutes = Duration.minutes(5);
  const sum = { period: fiveMinutes, statistic: 'Sum' };
  const fns = Object.entries(props.functions);
  const perFunction = (title: string, metric: (fn: LambdaFunction) => Metric) =>
    new GraphWidget({ title, width: 6, left: fns.map(([name, fn]) => metric(fn).with({ label: name })) });
  const heading = (markdown: string) => new TextWidget({ markdown, width: 24, height: 1 });

  const edgeMetric = (namespace: string, metricName: string, dimensionsMap: Record<string, string>, statistic: string, label: string) =>
    new Metric({ namespace, metricName, dimensionsMap, statistic, period: fiveMinutes, region: EDGE_REGION, label });
  const cloudFront = { DistributionId: props.edge.distributionId, Region: 'Global' };
  const waf = { WebACL: props.edge.webAclMetricName, Rule: 'ALL' };
  const edgeAlarms = props.edge.alarmNames.map(
    (name) =>
      new AlarmWidget({
        title: name,
        region: EDGE_REGION,
        width: 6,
        alarm: Alarm.fromAlarmArn(
          scope,
          `Edge${name}`,
          stack.formatArn({ service: 'cloudwatch', region: EDGE_REGION, resource: 'alarm', resourceName: name, arnFormat: ArnFormat.COLON_RESOURCE_NAME }),
        ),
      }),
  );

  const rows: IWidget[][] = [
    [new AlarmStatusWidget({ title: `Alarms (${stack.stackName}; the edge's below)`, alarms: [...props.alarms], width: 24, height: 6 })],
    [heading('## API (HTTP API)')],
    [
      new GraphWidget({ title: 'Requests', width: 6, left: [props.httpApi.metricCount(sum)] }),
      new GraphWidget({ title: '4xx and 5xx, % of requests', width: 6, left: [...props.errorRatios] }),
      new GraphWidget({
        title: 'Latency p99 (ms)',
        width: 12,
        left: [
          props.httpApi.metricLatency({ period: fiveMinutes, statistic: 'p99', label: 'API Gateway' }),
          props.httpApi.metricIntegrationLatency({ period: fiveMinutes, statistic: 'p99', label: 'integration' }),
        ],
      }),
    ],
    [heading('## Functions')],
    [
      perFunction('Duration p99 (ms)', (fn) => fn.metricDuration({ period: fiveMinutes, statistic: 'p99' })),
      perFunction('Errors', (fn) => fn.metricErrors(sum)),
      perFunction('Throttles', (fn) => fn.metricThrottles(sum)),
      perFunction('Concurrent executions (max)', (fn) =>
        fn.metric('ConcurrentExecutions', { period: fiveMinutes, statistic: 'Maximum' }),
      ),
    ],
    [heading('## Async invokes, schedules and DynamoDB')],
    [
      new GraphWidget({
        title: 'Dead-letter queues (messages)',
        width: 6,
        left: Object.entries(props.deadLetterQueues).map(([name, queue]) =>
          queue.metricApproximateNumberOfMessagesVisible({ period: fiveMinutes, statistic: 'Maximum', label: name }),
        ),
      }),
      new GraphWidget({
        title: 'EventBridge rules: invocations and failures',
        width: 6,
        left: props.rules.flatMap((rule) =>
          ['Invocations', 'FailedInvocations'].map(
            (metricName) =>
              new Metric({ namespace: 'AWS/Events', metricName, dimensionsMap: { RuleName: rule.ruleName }, ...sum, label: `${rule.node.id} ${metricName}` }),
          ),
        ),
      }),
      new GraphWidget({ title: 'DynamoDB throttle events', width: 6, left: [...props.tableThrottles] }),
      new GraphWidget({
        title: 'DynamoDB consumed capacity',
        width: 6,
        left: ['ConsumedReadCapacityUnits', 'ConsumedWriteCapacityUnits'].map((metricName) =>
          props.table.metric(metricName, { ...sum, label: metricName.replace('Consumed', '').replace('CapacityUnits', ' units') }),
        ),
      }),
    ],
    [heading(`## Edge (CloudFront and WAF, metrics and alarms in ${EDGE_REGION})`)],
    [
      new GraphWidget({
        title: 'CloudFront',
        width: 6,
        region: EDGE_REGION,
        left: [edgeMetric('AWS/CloudFront', 'Requests', cloudFront, 'Sum', 'requests')],
        right: [edgeMetric('AWS/CloudFront', '5xxErrorRate', cloudFront, 'Average', '5xx, %')],
      }),
      new GraphWidget({
        title: 'WAF',
        width: 6,
        region: EDGE_REGION,
        left: [
          edgeMetric('AWS/WAFV2', 'AllowedRequests', waf, 'Sum', 'allowed'),
          edgeMetric('AWS/WAFV2', 'BlockedRequests', waf, 'Sum', 'blocked'),
        ],
      }),
      ...edgeAlarms,
    ],
  ];
  return new Dashboard(scope, 'Dashboard', {
    dashboardName: dashboardName(stack.stackName),
    defaultInterval: Duration.hours(3),
    widgets: rows,
  });
}
