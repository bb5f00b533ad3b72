import { type RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';

/** CloudFront takes only web ACLs of scope CLOUDFRONT, and those exist only in us-east-1. */
export const EDGE_REGION = 'us-east-1';

/** The paths that cost a write or a password hash: one shared per-IP rate limit covers them. */
export const RATE_LIMITED_PATHS = ['/api/contact', '/api/calculator', '/api/auth/login'] as const;

/** Requests to RATE_LIMITED_PATHS one IP may make in RATE_LIMIT_WINDOW_SECONDS before WAF blocks it. */
export const RATE_LIMIT = 100;
export const RATE_LIMIT_WINDOW_SECONDS = 300;

/** The AWS managed rule groups the web ACL runs, in priority order after the rate rule. */
export const MANAGED_RULE_GROUPS = ['AWSManagedRulesAmazonIpReputationList', 'AWSManagedRulesKnownBadInputsRuleSet'] as const;

/** Name of the web ACL (also its CloudWatch metric name, WebACL dimension). */
export const webAclName = (stage: string) => `StudioInteriors-${stage}-web-acl`;

/** SSM parameter (in us-east-1) holding the web ACL's ARN, for the stack of the distribution. */
export const webAclArnParameterName = (stage: string) => `/studio-interiors/${stage}/web-acl-arn`;

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

export interface EdgeFirewallProps {
  readonly stage: string;
}

/**
 * The AWS WAF web ACL in front of CloudFront (create it in a us-east-1 stack): a per-IP rate
 * limit on the form posts and the login, then AWS's IP reputation list and known bad inputs
 * (Log4Shell-style payloads and the like). Everything else is allowed. Its ARN is also written
 * to an SSM parameter, which the distribution's stack, in any region, reads (WebAclArnReader).
 */
export class EdgeFirewall extends Construct {
  readonly webAcl: CfnWebACL;
  readonly arnParameter: StringParameter;

  constructor(scope: Construct, id: string, props: EdgeFirewallProps) {
    super(scope, id);
    const name = webAclName(props.stage);
    const matchPath = (path: string): CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'EXACTLY',
        searchString: path,
        // %2F and friends decoded first, as the API's router sees the path.
        textTransformations: [{ priority: 0, type: 'URL_DECODE' }],
      },
    });

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name,
      description: `Studio interiors ${props.stage} - per-IP limit on forms and login, AWS managed rules`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(name),
      rules: [
        {
          name: 'RateLimitFormsAndLogin',
          priority: 0,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: RATE_LIMIT,
              evaluationWindowSec: RATE_LIMIT_WINDOW_SECONDS,
              aggregateKeyType: 'IP',
              scopeDownStatement: { orStatement: { statements: RATE_LIMITED_PATHS.map(matchPath) } },
            },
          },
          visibilityConfig: visibility(`${name}-rate-limit`),
        },
        ...MANAGED_RULE_GROUPS.map((group, index) => ({
          name: group,
          priority: index + 1,
          // Keep each group's own actions (block), rather than overriding them to count.
          overrideAction: { none: {} },
          statement: { managedRuleGroupStatement: { vendorName: 'AWS', name: group } },
          visibilityConfig: visibility(`${name}-${group}`),
        })),
      ],
    });

    this.arnParameter = new StringParameter(this, 'WebAclArn', {
      parameterName: webAclArnParameterName(props.stage),
      description: `ARN of the CloudFront web ACL ${name}, read by the stack of the distribution`,
      stringValue: this.webAcl.attrArn,
    });
  }
}

export interface WebAclArnReaderProps {
  readonly stage: string;
  readonly logRetention: RetentionDays;
  readonly logRemovalPolicy: RemovalPolicy;
}

/**
 * Reads the web ACL's ARN from its SSM parameter in us-east-1 at deploy time (SSM GetParameter
 * through a custom resource), from a stack in any region, environment-agnostic ones included.
 * The edge stack must be deployed first (createStacks adds that dependency).
 */
export class WebAclArnReader extends Construct {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: WebAclArnReaderProps) {
    super(scope, id);
    const parameterName = webAclArnParameterName(props.stage);
    const logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetention,
      removalPolicy: props.logRemovalPolicy,
    });
    // Its own role instead of CDK's default (AWSLambdaBasicExecutionRole): logs go to this group only.
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Reads the CloudFront web ACL ARN from SSM in us-east-1',
    });
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn],
      }),
    );
    const read = new AwsCustomResource(this, 'Read', {
      resourceType: 'Custom::WebAclArn',
      // onUpdate also runs on create: every change of this resource reads the parameter again.
      onUpdate: {
        service: 'SSM',
        action: 'getParameter',
        parameters: { Name: parameterName },
        region: EDGE_REGION,
        physicalResourceId: PhysicalResourceId.of(parameterName),
      },
      policy: AwsCustomResourcePolicy.fromSdkCalls({
        resources: [
          Stack.of(this).formatArn({
            service: 'ssm',
            region: EDGE_REGION,
            resource: 'parameter',
            resourceName: parameterName.slice(1),
          }),
        ],
      }),
      installLatestAwsSdk: false,
      role,
      logGroup,
    });
    this.webAclArn = read.getResponseField('Parameter.Value');
  }
}
