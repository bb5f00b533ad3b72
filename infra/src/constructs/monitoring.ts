import { Annotations, Duration, Stack, type IAspect } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  type Dashboard,
  MathExpression,
  Metric,
  TreatMissingData,
  type IAlarm,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IRule } from 'aws-cdk-lib/aws-events';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { ApplicationLogLevel, LoggingFormat, SystemLogLevel, type Function as LambdaFunction, type IFunction } from 'aws-cdk-lib/aws-lambda';
import { CfnLogGroup, FilterPattern, MetricFilter, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct, type IConstruct } from 'constructs';
import { TABLE_DEFINITION } from '@app/functions/db/table-definition';
import { operationsDashboard, type EdgeDashboardProps } from './dashboard';

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
  /** The functions API Gateway sends routes to, by route group (public: the website's API and pages, admin, pdf): a p99 latency alarm each. */
  readonly routeFunctions: Readonly<Record<string, IFunction>>;
  readonly httpApi: HttpApi;
  readonly table: ITableV2;
  /** Dead-letter queues (of async invokes and of EventBridge targets), by name: an alarm as soon as one holds a message. */
  readonly deadLetterQueues: Readonly<Record<string, IQueue>>;
  /** The EventBridge rules: an alarm on each one's FailedInvocations. */
  readonly rules: readonly IRule[];
  /** Canary deployments to roll back on the API's 5xx alarms and the function's errors alarm (LiveAliases.rollBackOn), by function name. */
  readonly deployments?: { rollBackOn(name: string, alarms: readonly IAlarm[]): void };
  /** The edge's metrics and us-east-1 alarms, for the dashboard. */
  readonly edge: EdgeDashboardProps;
  /** Subscribed to the alarm topic when set (the address must confirm the subscription). */
  readonly alarmEmail?: string;
}

/**
 * Lambda's JSON log format, which every function of the API construct has (nodeFunction): the runtime writes one
 * JSON record per console call, the app's own object nested as `message` (functions/src/lib/log.ts), so
 * ERROR_LOG_PATTERN and Logs Insights read the app's fields. The app sets its own level (Settings > System);
 * Lambda keeps INFO and up (it drops console.debug and console.trace, which the app does not use) and its own
 * START/END/REPORT records (durations, memory, cold starts).
 */
export const JSON_LOG_FORMAT = {
  loggingFormat: LoggingFormat.JSON,
  applicationLogLevelV2: ApplicationLogLevel.INFO,
  systemLogLevelV2: SystemLogLevel.INFO,
} as const;

/**
 * The lines functions/src/lib/log.ts writes for log.error (a route that caught a failure and answered 500, a
 * failed background step), as a function with Lambda's JSON log format stores them: the runtime's record
 * `{"timestamp":…,"level":"ERROR","requestId":…,"message":{"level":"error","message":…,…}}`, the app's
 * object nested as `message`. Lambda's own `level` would also count other ERROR records (a library's
 * console.error, the runtime's report of an uncaught failure, already in the Errors metric); the app's
 * `message.level` counts the app's lines only. The handler still returns, so these never show in the
 * function's Errors metric. monitoring.test.ts puts a real log.error line through this pattern.
 */
export const ERROR_LOG_PATTERN = FilterPattern.stringValue('$.message.level', '=', 'error');

/**
 * The p99 duration each route group's function may keep for 15 minutes before its latency alarm fires, in ms.
 * Route groups are the functions API Gateway sends routes to (api-routes.ts), so Lambda's own Duration metric
 * gives each group's latency at no cost; per-route API Gateway metrics would need the stage's detailed metrics,
 * 5 custom metrics per route (over a hundred routes, and the website's pages behind one catch-all route anyway).
 * public: the website's API and its server-rendered pages (a render is tens of ms); admin: the portal, whose
 * slowest calls are a sign-in's password hash and a long list; pdf: a quotation PDF (under a second for 40 rows).
 * A group not listed gets DEFAULT_P99_LATENCY_MS. Cold starts are outside Duration (Lambda reports them apart).
 */
export const P99_LATENCY_MS: Readonly<Record<string, number>> = { public: 1500, admin: 3000, pdf: 5000 };
export const DEFAULT_P99_LATENCY_MS = 3000;

/**
 * The API's error ratios (metric math over API Gateway's Count, 4xx and 5xx) alarm only over a period with at
 * least this many requests: on a quiet site one failed request of three is noise, not a ratio.
 */
export const RATIO_MIN_REQUESTS = 20;
/** 5xx answers, percent of requests in 5 minutes. */
export const API_5XX_RATIO_PERCENT = 5;
/** 4xx answers, percent of requests, three 5-minute periods running (bots' 404s and expired sessions are normal). */
export const API_4XX_RATIO_PERCENT = 25;

/** `IF(requests >= min, 100 * errors / requests, 0)` over 5 minutes: the percentage of the API's requests answered 4xx or 5xx. */
export function errorRatio(kind: '4xx' | '5xx', httpApi: HttpApi): MathExpression {
  const sum = { period: Duration.minutes(5), statistic: 'Sum' };
  const errors = kind === '4xx' ? httpApi.metricClientError(sum) : httpApi.metricServerError(sum);
  return new MathExpression({
    expression: `IF(requests >= ${RATIO_MIN_REQUESTS}, 100 * FILL(errors${kind}, 0) / requests, 0)`,
    usingMetrics: { [`errors${kind}`]: errors, requests: httpApi.metricCount(sum) },
    period: Duration.minutes(5),
    label: `API ${kind}, % of requests`,
  });
}

/**
 * Alarms for what breaks the site: function errors, throttles and p99 latency, the app's error log lines, API 5xx
 * and the 4xx and 5xx ratios, dead letters of async invokes and rule targets, failed EventBridge invocations,
 * DynamoDB throttling. All of them notify one SNS topic, and one CloudWatch dashboard shows them with the edge's
 * (CloudFront and WAF, whose alarms live in the us-east-1 edge monitoring stack).
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.topic = new Topic(this, 'AlarmTopic', { displayName: 'Website alarms', enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));

    const fiveMinutes = Duration.minutes(5);
    const sum = { period: fiveMinutes, statistic: 'Sum' };
    const errorAlarms: Record<string, Alarm> = {};
    for (const [name, fn] of Object.entries(props.functions)) {
      const label = name.toLowerCase();
      errorAlarms[name] = this.alarm(`${name}Errors`, fn.metricErrors(sum), 1, `The ${label} function threw or timed out (see its log group).`);
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
    for (const [group, fn] of Object.entries(props.routeFunctions)) {
      const threshold = P99_LATENCY_MS[group] ?? DEFAULT_P99_LATENCY_MS;
      this.alarm(
        `${group.charAt(0).toUpperCase()}${group.slice(1)}LatencyP99`,
        fn.metricDuration({ period: fiveMinutes, statistic: 'p99' }),
        threshold,
        `The ${group} routes' function took over ${threshold} ms at p99 for 15 minutes (its Duration: cold starts aside).`,
        { evaluationPeriods: 3 },
      );
    }
    // A single 5xx is often a client disconnect or a cold-start timeout; five in five minutes is a pattern.
    const api5xx = this.alarm(
      'Api5xx',
      props.httpApi.metricServerError(sum),
      5,
      'API Gateway answered 5xx at least 5 times in 5 minutes (function errors, timeouts or integration failures).',
    );
    const api5xxRatio = this.alarm(
      'Api5xxRatio',
      errorRatio('5xx', props.httpApi),
      API_5XX_RATIO_PERCENT,
      `At least ${API_5XX_RATIO_PERCENT}% of the API's requests answered 5xx in 5 minutes (of ${RATIO_MIN_REQUESTS} or more).`,
    );
    this.alarm(
      'Api4xxRatio',
      errorRatio('4xx', props.httpApi),
      API_4XX_RATIO_PERCENT,
      `At least ${API_4XX_RATIO_PERCENT}% of the API's requests answered 4xx for 15 minutes: a client sending bad requests, ` +
        'a flood being throttled (429), or sign-ins failing.',
      { evaluationPeriods: 3 },
    );
    for (const [name, errors] of Object.entries(errorAlarms)) props.deployments?.rollBackOn(name, [errors, api5xx, api5xxRatio]);

    for (const [name, queue] of Object.entries(props.deadLetterQueues)) {
      this.alarm(
        `${name}DeadLetters`,
        queue.metricApproximateNumberOfMessagesVisible({ period: fiveMinutes, statistic: 'Maximum' }),
        0,
        `The ${name} dead-letter queue holds a message: an event that failed all its retries (read it in the SQS console).`,
        { comparison: ComparisonOperator.GREATER_THAN_THRESHOLD },
      );
    }
    for (const rule of props.rules) {
      this.alarm(
        `${rule.node.id}FailedInvocations`,
        new Metric({ namespace: 'AWS/Events', metricName: 'FailedInvocations', dimensionsMap: { RuleName: rule.ruleName }, ...sum }),
        1,
        `EventBridge could not invoke the target of ${rule.node.id} (the event went to the DeliveryFailures queue).`,
      );
    }

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
    const throttles: IMetric[] = [];
    for (const kind of ['Read', 'Write'] as const) {
      // The table and every index: a throttled index write holds back the table write too.
      // Ids named by kind: the dashboard graphs reads and writes together.
      const prefix = kind.toLowerCase();
      const metrics: Record<string, IMetric> = { [`${prefix}Table`]: dynamo(`${kind}ThrottleEvents`) };
      TABLE_DEFINITION.globalSecondaryIndexes.forEach((index, i) => {
        metrics[`${prefix}Gsi${i}`] = dynamo(`${kind}ThrottleEvents`, index.indexName);
      });
      const metric = new MathExpression({
        expression: Object.keys(metrics).map((key) => `FILL(${key}, 0)`).join(' + '),
        usingMetrics: metrics,
        period: fiveMinutes,
        label: `${kind} throttle events (table and indexes)`,
      });
      throttles.push(metric);
      this.alarm(`Dynamo${kind}Throttles`, metric, 1, `DynamoDB throttled ${kind.toLowerCase()}s on the table or an index.`);
    }

    this.dashboard = operationsDashboard(this, {
      alarms: this.alarms,
      functions: props.functions,
      httpApi: props.httpApi,
      errorRatios: [errorRatio('4xx', props.httpApi), errorRatio('5xx', props.httpApi)],
      deadLetterQueues: props.deadLetterQueues,
      rules: props.rules,
      tableThrottles: throttles,
      table: props.table,
      edge: props.edge,
    });
  }

  private alarm(
    id: string,
    metric: IMetric,
    threshold: number,
    description: string,
    options: { evaluationPeriods?: number; comparison?: ComparisonOperator } = {},
  ) {
    const alarm = new Alarm(this, id, {
      metric,
      threshold,
      evaluationPeriods: options.evaluationPeriods ?? 1,
      comparisonOperator: options.comparison ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
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
