import { Duration, Validations, type RemovalPolicy } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { webAclArnParameterName, webAclName } from './edge';

/** The us-east-1 alarms of a stage, by a fixed name (the main stack's dashboard shows them by it). */
export const edgeAlarmName = (stage: string, alarm: 'cloudfront-5xx-rate' | 'waf-blocked-spike') => `StudioInteriors-${stage}-${alarm}`;

/** CloudFront 5xx answers (its 5xxErrorRate), percent of requests in 5 minutes, over at least EDGE_MIN_REQUESTS requests. */
export const CLOUDFRONT_5XX_RATE_PERCENT = 5;
export const EDGE_MIN_REQUESTS = 20;

/**
 * Requests the web ACL blocks in 5 minutes that make a spike: one a second. A quiet site sees a few an hour (the IP
 * reputation list, scanners); the per-IP rate rule blocks past 100 requests in 5 minutes, so this is a sustained
 * flood of logins or form posts, or many bad sources at once: worth a look, whatever WAF already stopped.
 */
export const WAF_BLOCKED_SPIKE = 300;

export interface EdgeMonitoringProps {
  readonly stage: string;
  /** Subscribed to this region's alarm topic when set, as to the main stack's. */
  readonly alarmEmail?: string;
  readonly logRetention: RetentionDays;
  readonly logRemovalPolicy: RemovalPolicy;
}

/**
 * The edge's alarms, in us-east-1, where CloudFront and WAF publish their metrics (an alarm reads only its own
 * region's): CloudFront's 5xx rate and a spike of requests the WAF web ACL blocked, into a topic of this region
 * (an alarm notifies only its own region's topics) with the same email subscription.
 *
 * This lives in its own stack, deployed after the main one: the distribution is made there, after the edge stack
 * (whose web ACL it uses), and its ID cannot cross regions as a CloudFormation reference. So a custom resource
 * finds it here through the web ACL (CloudFront ListDistributionsByWebACLId, the ACL's ARN from its SSM parameter):
 * one distribution per stage uses it. It reads again when the ACL's ARN changes. A replaced distribution (rare:
 * CloudFront changes origins, domains and behaviours in place) needs this stack, which holds alarms only,
 * destroyed and deployed again.
 */
export class EdgeMonitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  /** The distribution's ID, read at deploy time. */
  readonly distributionId: string;

  constructor(scope: Construct, id: string, props: EdgeMonitoringProps) {
    super(scope, id);
    this.topic = new Topic(this, 'AlarmTopic', { displayName: 'Website alarms (CloudFront and WAF)', enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));

    const logGroup = new LogGroup(this, 'DistributionLookupLogs', { retention: props.logRetention, removalPolicy: props.logRemovalPolicy });
    // Its own role instead of CDK's default (AWSLambdaBasicExecutionRole): logs go to this group only.
    const role = new Role(this, 'DistributionLookupRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: "Finds the stage's CloudFront distribution through its web ACL",
    });
    role.addToPrincipalPolicy(new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] }));
    const webAclArn = StringParameter.valueForStringParameter(this, webAclArnParameterName(props.stage));
    const lookup = new AwsCustomResource(this, 'DistributionLookup', {
      resourceType: 'Custom::DistributionOfWebAcl',
      onUpdate: {
        service: 'CloudFront',
        action: 'listDistributionsByWebACLId',
        parameters: { WebACLId: webAclArn },
        physicalResourceId: PhysicalResourceId.fromResponse('DistributionList.Items.0.Id'),
        outputPaths: ['DistributionList.Items.0.Id'],
      },
      policy: AwsCustomResourcePolicy.fromStatements([
        new PolicyStatement({ actions: ['cloudfront:ListDistributionsByWebACLId'], resources: ['*'] }),
      ]),
      installLatestAwsSdk: false,
      role,
      logGroup,
    });
    Validations.of(lookup).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'cloudfront:ListDistributionsByWebACLId is a list action with no resource to name: IAM allows it only on *; it reads, it changes nothing.',
    });
    this.distributionId = lookup.getResponseField('DistributionList.Items.0.Id');

    const fiveMinutes = Duration.minutes(5);
    const cloudFront = (metricName: string, statistic: string) =>
      new Metric({ namespace: 'AWS/CloudFront', metricName, dimensionsMap: { DistributionId: this.distributionId, Region: 'Global' }, statistic, period: fiveMinutes });
    this.alarm(
      'CloudFront5xxRate',
      edgeAlarmName(props.stage, 'cloudfront-5xx-rate'),
      new MathExpression({
        expression: `IF(requests >= ${EDGE_MIN_REQUESTS}, rate, 0)`,
        usingMetrics: { rate: cloudFront('5xxErrorRate', 'Average'), requests: cloudFront('Requests', 'Sum') },
        period: fiveMinutes,
        label: 'CloudFront 5xx, % of requests',
      }),
      CLOUDFRONT_5XX_RATE_PERCENT,
      `CloudFront answered 5xx to at least ${CLOUDFRONT_5XX_RATE_PERCENT}% of its requests in 5 minutes: the API or the bucket failing, or origin timeouts.`,
    );
    this.alarm(
      'WafBlockedSpike',
      edgeAlarmName(props.stage, 'waf-blocked-spike'),
      new Metric({
        namespace: 'AWS/WAFV2',
        metricName: 'BlockedRequests',
        // A CLOUDFRONT web ACL's metrics carry no Region; WebACL is its metric name (edge.ts: the ACL's name).
        dimensionsMap: { WebACL: webAclName(props.stage), Rule: 'ALL' },
        statistic: 'Sum',
        period: fiveMinutes,
      }),
      WAF_BLOCKED_SPIKE,
      `The web ACL blocked at least ${WAF_BLOCKED_SPIKE} requests in 5 minutes: a flood or an attack (see its sampled requests in the WAF console).`,
    );
  }

  private alarm(id: string, alarmName: string, metric: Metric | MathExpression, threshold: number, description: string) {
    const alarm = new Alarm(this, id, {
      alarmName,
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
