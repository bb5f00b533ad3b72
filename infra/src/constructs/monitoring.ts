import { Annotations, Duration, Stack, type IAspect } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { CfnLogGroup, FilterPattern, MetricFilter, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct, type IConstruct } from 'constructs';
import { TABLE_DEFINITION } from '@app/functions/db/table-definition';

/** How long logs are kept: a week on throw-away stages, three months elsewhere. */
export function logRetentionFor(disposable: boolean): RetentionDays {
  return disposable ? RetentionDays.ONE_WEEK : RetentionDays.THREE_MONTHS;
}

/**
 * Fails the synth when a log group has no retention: CloudWatch keeps such logs
 * (and bills for them) forever.
 */
export class RequireLogRetention implements IAspect {
  visit(node: IConstruct): void {
    if (node instanceof CfnLogGroup && node.retentionInDays === undefined) {
      Annotations.of(node).addError('Log group without retention: set retention (see logRetentionFor).');
    }
  }
}

export interface MonitoringProps {
  /** The API functions, by the name their alarms carry; their log groups get an error-line filter. */
  readonly functions: Readonly<Record<string, LambdaFunction>>;
  readonly httpApi: HttpApi;
  readonly table: ITableV2;
  /** Subscribed to the alarm topic when set (the address must confirm the subscription). */
  readonly alarmEmail?: string;
}

/**
 * The lines functions/src/lib/log.ts writes for log.error: one JSON object per line with
 * "level":"error" (a route that caught a failure and answered 500, a failed background step).
 * The handler still returns, so these never show in the function's Errors metric.
 */
export const ERROR_LOG_PATTERN = FilterPattern.stringValue('$.level', '=', 'error');

/**
 * Alarms for what breaks the site: function errors and throttles, the app's error
 * log lines, API 5xx, DynamoDB throttling. All of them notify one SNS topic.
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.topic = new Topic(this, 'AlarmTopic', { displayName: 'Website alarms', enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));

    const fiveMinutes = Duration.minutes(5);
    const sum = { period: fiveMinutes, statistic: 'Sum' };
    for (const [name, fn] of Object.entries(props.functions)) {
      const label = name.toLowerCase();
      this.alarm(`${name}Errors`, fn.metricErrors(sum), 1, `The ${label} function threw or timed out (see its log group).`);
      this.alarm(
        `${name}Throttles`,
        fn.metricThrottles(sum),
        1,
        `The ${label} function hit its concurrency limit: requests were rejected.`,
      );
      const filter = new MetricFilter(this, `${name}ErrorLogFilter`, {
        logGroup: fn.logGroup,
        filterPattern: ERROR_LOG_PATTERN,
        // One namespace per stack: two stages in one account count apart.
        metricNamespace: `StudioInteriors/${Stack.of(this).stackName}`,
        metricName: `${name}ErrorLogLines`,
        metricValue: '1',
      });
      this.alarm(
        `${name}ErrorLogLines`,
        filter.metric(sum),
        1,
        `The ${label} function logged an error ("level":"error"; search its log group for it).`,
      );
    }
    // A single 5xx is often a client disconnect or a cold-start timeout; five in five minutes is a pattern.
    this.alarm(
      'Api5xx',
      props.httpApi.metricServerError(sum),
      5,
      'API Gateway answered 5xx at least 5 times in 5 minutes (function errors, timeouts or integration failures).',
    );

    const dynamo = (metricName: string, indexName?: string) =>
      new Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: {
          TableName: props.table.tableName,
          ...(indexName ? { GlobalSecondaryIndexName: indexName } : {}),
        },
        period: fiveMinutes,
        statistic: 'Sum',
      });
    for (const kind of ['Read', 'Write'] as const) {
      // The table and every index: a throttled index write holds back the table write too.
      const metrics: Record<string, IMetric> = { table: dynamo(`${kind}ThrottleEvents`) };
      TABLE_DEFINITION.globalSecondaryIndexes.forEach((index, i) => {
        metrics[`gsi${i}`] = dynamo(`${kind}ThrottleEvents`, index.indexName);
      });
      this.alarm(
        `Dynamo${kind}Throttles`,
        new MathExpression({
          expression: Object.keys(metrics).map((key) => `FILL(${key}, 0)`).join(' + '),
          usingMetrics: metrics,
          period: fiveMinutes,
          label: `${kind} throttle events (table and indexes)`,
        }),
        1,
        `DynamoDB throttled ${kind.toLowerCase()}s on the table or an index.`,
      );
    }
  }

  private alarm(id: string, metric: IMetric, threshold: number, description: string) {
    const alarm = new Alarm(this, id, {
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    const action = new SnsAction(this.topic);
    alarm.addAlarmAction(action);
    alarm.addOkAction(action);
    this.alarms.push(alarm);
    return alarm;
  }
}
