import { ArnFormat, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';

/** CloudFront takes only web ACLs of scope CLOUDFRONT, and those exist only in us-east-1. */
export const EDGE_REGION = 'us-east-1';

/** The paths that cost a write or a password hash: one shared per-IP rate limit covers them. */
export const RATE_LIMITED_PATHS = ['/api/contact', '/api/calculator', '/api/auth/login', '/api/auth/password-reset', '/api/auth/password-reset/complete'] as const;

/** Requests to RATE_LIMITED_PATHS one IP may make in RATE_LIMIT_WINDOW_SECONDS before WAF blocks it. */
export const RATE_LIMIT = 100;
/** The window of every rate rule: WAF counts each IP's requests over the last 5 minutes. */
export const RATE_LIMIT_WINDOW_SECONDS = 300;

/**
 * Requests one IP may make to anything (pages, files, API) in RATE_LIMIT_WINDOW_SECONDS: the
 * blanket rule. Generous, because the firm's staff share their office's one address: a portal
 * page is a handful of API calls plus its cached files, and WAF counts cache hits too. 3,000 in
 * 5 minutes is 10 a second kept up for 5 minutes, about 20 staff working at once; a flood from
 * one address is cut there, before it reaches the cache or the functions.
 */
export const BLANKET_RATE_LIMIT = 3000;

/** A per-IP rate rule over some paths of the API (byte matches on the URL-decoded path). */
export interface PathRateRule {
  readonly name: string;
  /** Requests in RATE_LIMIT_WINDOW_SECONDS, per IP, before WAF blocks that IP on these paths. */
  readonly limit: number;
  readonly paths: readonly { readonly path: string; readonly match: 'EXACTLY' | 'STARTS_WITH' }[];
}

const exactly = (path: string) => ({ path, match: 'EXACTLY' as const });
const startsWith = (path: string) => ({ path, match: 'STARTS_WITH' as const });

/**
 * The path rules, each its own counter (a visitor's sign-in codes do not count toward their
 * form posts). The app limits these itself too (lockout, per-IP windows in DynamoDB); WAF stops
 * a flood before it costs a Lambda call.
 */
export const PATH_RATE_RULES: readonly PathRateRule[] = [
  // The form posts and the password check (a write, or a hash, each).
  { name: 'RateLimitFormsAndLogin', limit: RATE_LIMIT, paths: RATE_LIMITED_PATHS.map(exactly) },
  // The second sign-in step: a 6-digit code or a recovery code. A person types a few.
  { name: 'RateLimitSignInCodes', limit: 30, paths: [exactly('/api/auth/login/verify')] },
  // Self-registration (when Settings allow it): a password hash each; WAF's smallest limit is 10.
  { name: 'RateLimitRegistration', limit: 10, paths: [exactly('/api/auth/register')] },
  // A client's quotation link: read, PDF, approve, request changes. Tokens are unguessable; this stops a scan.
  { name: 'RateLimitQuoteLinks', limit: 100, paths: [startsWith('/api/quote-links/')] },
  // Payment or mail providers' callbacks, once there are any: a provider's few addresses send bursts.
  { name: 'RateLimitWebhooks', limit: 1000, paths: [startsWith('/api/webhooks/')] },
];

/** The AWS managed rule groups the web ACL runs, in priority order after the rate rules. */
export const MANAGED_RULE_GROUPS = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesKnownBadInputsRuleSet',
  'AWSManagedRulesCommonRuleSet',
] as const;

/**
 * The common rule set's rules that only count (and label) instead of blocking, with why.
 * SizeRestrictions_BODY blocks every body over 8 KB, and staff routes take bigger ones: a
 * quotation (up to 256 KB), a blog post (160 KB), a lead import (2 MB), a bulk update (64 KB),
 * a vendor (32 KB), a transaction (24 KB), an employee or the rate library (16 KB). The
 * anonymous routes need more than 8 KB too: a contact message of 5,000 characters in Telugu is
 * about 15 KB of UTF-8. The app limits every route's body itself (lib/http.ts limitBody: 413 past
 * it; 16 KB, MAX_JSON_BODY_BYTES, unless the route says more, and only staff routes do), and
 * CloudFront hands WAF the first 16 KB of a body (WAF_BODY_INSPECTION_BYTES), so every body an
 * anonymous route accepts is inspected whole by the other rules.
 */
export const COMMON_RULE_SET_COUNTED = ['SizeRestrictions_BODY'] as const;

/** How much of a body CloudFront forwards to WAF for inspection (the default, not raised: raising it is billed). */
export const WAF_BODY_INSPECTION_BYTES = 16 * 1024;

/** Name of the web ACL (also its CloudWatch metric name, WebACL dimension). */
export const webAclName = (stage: string) => `StudioInteriors-${stage}-web-acl`;

/** The web ACL's log group: WAF writes only to groups whose name starts with aws-waf-logs-. */
export const webAclLogGroupName = (stage: string) => `aws-waf-logs-studio-interiors-${stage}`;

/** Headers WAF leaves out of its logs: the session cookie, and any credentials. */
export const REDACTED_HEADERS = ['cookie', 'authorization'] as const;

/** SSM parameter (in us-east-1) holding the web ACL's ARN, for the stack of the distribution. */
export const webAclArnParameterName = (stage: string) => `/studio-interiors/${stage}/web-acl-arn`;

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

export interface EdgeFirewallProps {
  readonly stage: string;
  /** How long the web ACL's request logs are kept. */
  readonly logRetention: RetentionDays;
  readonly logRemovalPolicy: RemovalPolicy;
}

/**
 * The AWS WAF web ACL in front of CloudFront (create it in a us-east-1 stack): a blanket per-IP
 * rate limit over everything, per-IP limits on the paths that cost a write, a hash or a guess,
 * then AWS's IP reputation list, known bad inputs (Log4Shell-style payloads and the like) and
 * the common rule set (OWASP-style checks; its 8 KB body limit only counts, see COMMON_RULE_SET_COUNTED).
 * Everything else is allowed. Every request is logged to CloudWatch Logs (webAclLogGroupName),
 * cookies and Authorization redacted. Its ARN is also written to an SSM parameter, which the
 * distribution's stack, in any region, reads (WebAclArnReader).
 */
export class EdgeFirewall extends Construct {
  readonly webAcl: CfnWebACL;
  readonly arnParameter: StringParameter;
  readonly logGroup: LogGroup;
  readonly logging: CfnLoggingConfiguration;

  constructor(scope: Construct, id: string, props: EdgeFirewallProps) {
    super(scope, id);
    const name = webAclName(props.stage);
    const matchPath = ({ path, match }: PathRateRule['paths'][number]): CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: match,
        searchString: path,
        // %2F and friends decoded first, as the API's router sees the path.
        textTransformations: [{ priority: 0, type: 'URL_DECODE' }],
      },
    });
    const rateRule = (ruleName: string, priority: number, limit: number, scopeDown?: CfnWebACL.StatementProperty): CfnWebACL.RuleProperty => ({
      name: ruleName,
      priority,
      action: { block: {} },
      statement: {
        rateBasedStatement: {
          limit,
          evaluationWindowSec: RATE_LIMIT_WINDOW_SECONDS,
          aggregateKeyType: 'IP',
          ...(scopeDown ? { scopeDownStatement: scopeDown } : {}),
        },
      },
      visibilityConfig: visibility(`${name}-${ruleName}`),
    });
    const pathRules = PATH_RATE_RULES.map((rule, index) => {
      const statements = rule.paths.map(matchPath);
      return rateRule(rule.name, index + 1, rule.limit, statements.length === 1 ? statements[0] : { orStatement: { statements } });
    });
    const managedFrom = pathRules.length + 1;
    const managedRules: CfnWebACL.RuleProperty[] = MANAGED_RULE_GROUPS.map((group, index) => ({
      name: group,
      priority: managedFrom + index,
      // Keep each group's own actions (block), rather than overriding them to count, but for the rules named.
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name: group,
          ...(group === 'AWSManagedRulesCommonRuleSet'
            ? { ruleActionOverrides: COMMON_RULE_SET_COUNTED.map((rule) => ({ name: rule, actionToUse: { count: {} } })) }
            : {}),
        },
      },
      visibilityConfig: visibility(`${name}-${group}`),
    }));
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name,
      description: `Studio interiors ${props.stage} - per-IP limits on all paths, forms, sign-in, quote links, webhooks, and AWS managed rules`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(name),
      // Stated, though it is the default: the common rule set's reasoning above depends on it.
      associationConfig: { requestBody: { CLOUDFRONT: { defaultSizeInspectionLimit: `KB_${WAF_BODY_INSPECTION_BYTES / 1024}` } } },
      rules: [rateRule('RateLimitEverything', 0, BLANKET_RATE_LIMIT), ...pathRules, ...managedRules],
    });

    this.logGroup = new LogGroup(this, 'Logs', {
      logGroupName: webAclLogGroupName(props.stage),
      retention: props.logRetention,
      removalPolicy: props.logRemovalPolicy,
    });
    this.logging = new CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.webAcl.attrArn,
      // WAF wants the group's ARN without the ':*' that CloudFormation's Arn attribute ends with.
      logDestinationConfigs: [
        Stack.of(this).formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: this.logGroup.logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      redactedFields: REDACTED_HEADERS.map((header) => ({ singleHeader: { Name: header } })),
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
