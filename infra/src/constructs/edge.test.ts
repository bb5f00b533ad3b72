import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_BODY_BYTES } from '@app/functions/lib/http';
import { PUBLIC_PROJECT_STATUSES } from '@app/shared-types/constants';
import { PAGE_QUERY_CODE, PAGE_QUERY_NAMES, viewerRequest, viewerRequestFunction } from '@app/functions/site/page-query';
import { removeTempDirs, synthesize, type Synthesized, PROD_CONFIG } from '../../test/synth';
import { edgeStackName, stackName } from '../create-stacks';
import {
  BLANKET_RATE_LIMIT,
  COMMON_RULE_SET_COUNTED,
  MANAGED_RULE_GROUPS,
  PATH_RATE_RULES,
  RATE_LIMITED_PATHS,
  REDACTED_HEADERS,
  WAF_BODY_INSPECTION_BYTES,
  webAclArnParameterName,
  webAclLogGroupName,
} from './edge';

// CloudFormation JSON as the template holds it: the assertions below check its shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Cfn = any;

let dev: Synthesized;
let prod: Synthesized;

afterAll(removeTempDirs);

beforeAll(() => {
  dev = synthesize({ stage: 'dev', bundle: false });
  prod = synthesize({ ...PROD_CONFIG, bundle: false });
});

const resources = (template: Template, type: string): [string, Cfn][] => Object.entries(template.findResources(type));
const only = (template: Template, type: string): Cfn => {
  const found = resources(template, type);
  expect(found).toHaveLength(1);
  return found[0]![1];
};

describe('WAF web ACL on CloudFront', () => {
  const webAclOf = (synth: Synthesized) => only(synth.edgeTemplate, 'AWS::WAFv2::WebACL').Properties;
  const rule = (acl: Cfn, name: string) => acl.Rules.find((r: { Name: string }) => r.Name === name);

  it('lives in its own stack in us-east-1, deployed before the main stack, whatever region that one is in', () => {
    const located = synthesize({ stage: 'dev', account: '123456789012', region: 'ap-south-1', bundle: false });
    for (const [synth, stage] of [[dev, 'dev'], [prod, 'prod'], [located, 'dev']] as const) {
      const { edgeStack, stack } = synth.stacks;
      expect(edgeStack.stackName).toBe(edgeStackName(stage));
      expect(edgeStack.region).toBe('us-east-1');
      expect(stack.dependencies).toContain(edgeStack);
    }
    expect(prod.stacks.edgeStack.stackName).toBe(`${stackName('prod')}-edge`);
    expect(located.stacks.stack.region).toBe('ap-south-1');
    expect(located.stacks.edgeStack.account).toBe('123456789012');
    expect(located.findings).toEqual([]);
  });

  it('is a CLOUDFRONT web ACL that allows by default, with metrics and sampled requests under a readable name', () => {
    const acl = webAclOf(prod);
    expect(acl).toMatchObject({
      Scope: 'CLOUDFRONT',
      Name: 'StudioInteriors-prod-web-acl',
      DefaultAction: { Allow: {} },
      VisibilityConfig: { CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true, MetricName: 'StudioInteriors-prod-web-acl' },
    });
    expect(acl.Rules).toHaveLength(1 + PATH_RATE_RULES.length + MANAGED_RULE_GROUPS.length);
    for (const r of acl.Rules) {
      expect(r.VisibilityConfig, r.Name).toMatchObject({ CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true });
      expect(r.VisibilityConfig.MetricName, r.Name).toMatch(/^StudioInteriors-prod-web-acl-[\w-]+$/);
    }
    const priorities = acl.Rules.map((r: { Priority: number }) => r.Priority);
    expect(new Set(priorities).size).toBe(priorities.length);
  });

  it('blocks first an IP that sends more than 3,000 requests of any kind in 5 minutes: the blanket rule, no scope-down', () => {
    const acl = webAclOf(prod);
    const blanket = rule(acl, 'RateLimitEverything');
    expect(blanket.Priority).toBe(Math.min(...acl.Rules.map((r: { Priority: number }) => r.Priority)));
    expect(blanket.Action).toEqual({ Block: {} });
    expect(blanket.Statement).toEqual({ RateBasedStatement: { Limit: 3000, EvaluationWindowSec: 300, AggregateKeyType: 'IP' } });
    expect(BLANKET_RATE_LIMIT).toBe(3000);
  });

  it('blocks an IP that posts the forms, the login or a password reset more than 100 times in 5 minutes', () => {
    const rate = rule(webAclOf(prod), 'RateLimitFormsAndLogin');
    expect(rate.Action).toEqual({ Block: {} });
    expect(rate.Statement.RateBasedStatement).toMatchObject({ Limit: 100, EvaluationWindowSec: 300, AggregateKeyType: 'IP' });
    const matches = rate.Statement.RateBasedStatement.ScopeDownStatement.OrStatement.Statements.map((s: Cfn) => s.ByteMatchStatement);
    // 'Forgot password?' and its link are counted as sign-in's (issue 25).
    expect(matches.map((m: Cfn) => m.SearchString)).toEqual(['/api/contact', '/api/calculator', '/api/auth/login', '/api/auth/password-reset', '/api/auth/password-reset/complete']);
    expect(RATE_LIMITED_PATHS).toEqual(matches.map((m: Cfn) => m.SearchString));
    for (const m of matches) {
      expect(m).toMatchObject({ FieldToMatch: { UriPath: {} }, PositionalConstraint: 'EXACTLY', TextTransformations: [{ Priority: 0, Type: 'URL_DECODE' }] });
    }
  });

  it('limits sign-in codes, registrations, quote links and webhooks per IP, each on its own counter', () => {
    const acl = webAclOf(prod);
    const scopeOf = (name: string) => {
      const statement = rule(acl, name).Statement.RateBasedStatement;
      const match = statement.ScopeDownStatement.ByteMatchStatement;
      return { limit: statement.Limit, window: statement.EvaluationWindowSec, key: statement.AggregateKeyType, path: match.SearchString, how: match.PositionalConstraint, transform: match.TextTransformations };
    };
    const decoded = [{ Priority: 0, Type: 'URL_DECODE' }];
    expect(scopeOf('RateLimitSignInCodes')).toEqual({ limit: 30, window: 300, key: 'IP', path: '/api/auth/login/verify', how: 'EXACTLY', transform: decoded });
    expect(scopeOf('RateLimitRegistration')).toEqual({ limit: 10, window: 300, key: 'IP', path: '/api/auth/register', how: 'EXACTLY', transform: decoded });
    expect(scopeOf('RateLimitQuoteLinks')).toEqual({ limit: 100, window: 300, key: 'IP', path: '/api/quote-links/', how: 'STARTS_WITH', transform: decoded });
    expect(scopeOf('RateLimitWebhooks')).toEqual({ limit: 1000, window: 300, key: 'IP', path: '/api/webhooks/', how: 'STARTS_WITH', transform: decoded });
    for (const name of ['RateLimitSignInCodes', 'RateLimitRegistration', 'RateLimitQuoteLinks', 'RateLimitWebhooks']) {
      expect(rule(acl, name).Action, name).toEqual({ Block: {} });
    }
  });

  it('runs the AWS managed IP reputation, known bad inputs and common rule sets with their own (blocking) actions', () => {
    const acl = webAclOf(prod);
    expect(MANAGED_RULE_GROUPS).toEqual(['AWSManagedRulesAmazonIpReputationList', 'AWSManagedRulesKnownBadInputsRuleSet', 'AWSManagedRulesCommonRuleSet']);
    for (const group of MANAGED_RULE_GROUPS) {
      expect(rule(acl, group), group).toMatchObject({ OverrideAction: { None: {} }, Statement: { ManagedRuleGroupStatement: { VendorName: 'AWS', Name: group } } });
    }
    // After every rate rule: a flood is cut by the cheap counters before the managed groups' inspection.
    const rateMax = Math.max(...acl.Rules.filter((r: { Statement: Cfn }) => r.Statement.RateBasedStatement).map((r: { Priority: number }) => r.Priority));
    for (const group of MANAGED_RULE_GROUPS) expect(rule(acl, group).Priority).toBeGreaterThan(rateMax);
  });

  it("lets the common rule set's 8 KB body limit only count: the app limits bodies per route, and WAF sees the first 16 KB of every one", () => {
    const acl = webAclOf(prod);
    const crs = rule(acl, 'AWSManagedRulesCommonRuleSet').Statement.ManagedRuleGroupStatement;
    expect(crs.RuleActionOverrides).toEqual([{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }]);
    expect(COMMON_RULE_SET_COUNTED).toEqual(['SizeRestrictions_BODY']);
    // CloudFront forwards WAF 16 KB of a body; the app's default body limit (every anonymous route's but the
    // registration's 4 KB) is no more than that, so the other body rules inspect all an anonymous route accepts.
    expect(acl.AssociationConfig).toEqual({ RequestBody: { CLOUDFRONT: { DefaultSizeInspectionLimit: 'KB_16' } } });
    expect(MAX_JSON_BODY_BYTES).toBeLessThanOrEqual(WAF_BODY_INSPECTION_BYTES);
  });

  it('logs every request to a CloudWatch log group named aws-waf-logs-*, kept for a set time, without cookies or Authorization', () => {
    for (const [synth, stage, days] of [[prod, 'prod', 90], [dev, 'dev', 7]] as const) {
      const [groupId, group] = resources(synth.edgeTemplate, 'AWS::Logs::LogGroup').find(([, g]) => g.Properties.LogGroupName === webAclLogGroupName(stage))!;
      expect(group.Properties.LogGroupName).toMatch(/^aws-waf-logs-/);
      expect(group.Properties.RetentionInDays).toBe(days);
      expect(group.DeletionPolicy).toBe(stage === 'prod' ? 'Retain' : 'Delete');
      const logging = only(synth.edgeTemplate, 'AWS::WAFv2::LoggingConfiguration').Properties;
      const [aclId] = resources(synth.edgeTemplate, 'AWS::WAFv2::WebACL')[0]!;
      expect(logging.ResourceArn).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
      // The group's ARN without CloudFormation's trailing ':*', which WAF refuses.
      expect(logging.LogDestinationConfigs).toEqual([
        { 'Fn::Join': ['', ['arn:aws:logs:us-east-1:', { Ref: 'AWS::AccountId' }, ':log-group:', { Ref: groupId }]] },
      ]);
      expect(logging.RedactedFields).toEqual(REDACTED_HEADERS.map((name) => ({ SingleHeader: { Name: name } })));
      expect(REDACTED_HEADERS).toEqual(['cookie', 'authorization']);
      expect(logging.LoggingFilter).toBeUndefined();
    }
  });

  it('is attached to the distribution, whose stack reads its ARN from SSM in us-east-1', () => {
    const [aclId] = resources(prod.edgeTemplate, 'AWS::WAFv2::WebACL')[0]!;
    const parameter = only(prod.edgeTemplate, 'AWS::SSM::Parameter').Properties;
    expect(parameter).toMatchObject({ Name: webAclArnParameterName('prod'), Value: { 'Fn::GetAtt': [aclId, 'Arn'] } });
    const [readerId, reader] = resources(prod.template, 'Custom::WebAclArn')[0]!;
    expect(JSON.parse(reader.Properties.Update as string)).toMatchObject({
      service: 'SSM',
      action: 'getParameter',
      region: 'us-east-1',
      parameters: { Name: webAclArnParameterName('prod') },
    });
    const distribution = only(prod.template, 'AWS::CloudFront::Distribution').Properties.DistributionConfig;
    expect(distribution.WebACLId).toEqual({ 'Fn::GetAtt': [readerId, 'Parameter.Value'] });
  });
});

describe("the pages' cache keys", () => {
  let pages: Cfn;
  let cachePolicy: Cfn;
  let functionCode: string;
  beforeAll(() => {
    const config = only(prod.template, 'AWS::CloudFront::Distribution').Properties.DistributionConfig;
    pages = config.DefaultCacheBehavior;
    const policyId = pages.CachePolicyId.Ref;
    cachePolicy = prod.template.toJSON().Resources[policyId].Properties.CachePolicyConfig;
    const [functionId] = pages.FunctionAssociations[0].FunctionARN['Fn::GetAtt'];
    functionCode = prod.template.toJSON().Resources[functionId].Properties.FunctionCode;
  });

  it('key on the path and the query names the pages read, nothing else (no header, no cookie)', () => {
    expect(cachePolicy.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
      QueryStringsConfig: { QueryStringBehavior: 'whitelist', QueryStrings: [...PAGE_QUERY_NAMES] },
      CookiesConfig: { CookieBehavior: 'none' },
      HeadersConfig: { HeaderBehavior: 'none' },
    });
    expect(PAGE_QUERY_NAMES).toEqual(['status']);
  });

  it("run the page-query function (runtime 2.0) on every viewer request of the pages, before the cache: its code is site/page-query.ts's", () => {
    expect(pages.FunctionAssociations).toEqual([{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^WebPageQuery/), 'FunctionARN'] } }]);
    expect(functionCode).toBe(PAGE_QUERY_CODE);
    const [, fn] = resources(prod.template, 'AWS::CloudFront::Function').find(([id]) => id.startsWith('WebPageQuery'))!;
    expect(fn.Properties).toMatchObject({ AutoPublish: true, FunctionConfig: { Runtime: 'cloudfront-js-2.0' } });
  });

  it('make 10,000 random queries of /projects reach the cache under 4 keys: the rest are answered by the function', () => {
    // CloudFront, reasoned through: the function runs first; its own answer (a 302) is sent without
    // a cache lookup. What it lets through is looked up under the cache key: the path and the
    // allowlisted query names, as the cache policy above says. The template's code is run here.
    const edge = viewerRequestFunction(functionCode);
    const keys = new Set<string>();
    let answered = 0;
    let seed = 7;
    // mulberry32: a 32-bit generator in integer arithmetic (a float LCG loses its low bits).
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
    };
    const token = () => Math.floor(random() * 36 ** 7).toString(36);
    for (let n = 0; n < 10_000; n++) {
      const value = random() < 0.05 ? PUBLIC_PROJECT_STATUSES[n % 3]! : token();
      const query = random() < 0.5 ? `status=${value}` : `status=${value}&${token()}=${token()}`;
      const url = new URL(`https://www.kaveri-studio.in/projects?${query}`);
      if (edge(viewerRequest('GET', url))) {
        answered++;
        continue;
      }
      const allowed = cachePolicy.ParametersInCacheKeyAndForwardedToOrigin.QueryStringsConfig.QueryStrings as string[];
      keys.add(`${url.pathname}?${[...url.searchParams].filter(([name]) => allowed.includes(name)).map(([name, v]) => `${name}=${v}`).join('&')}`);
    }
    expect(keys.size).toBeLessThanOrEqual(4);
    expect(answered).toBeGreaterThan(9_000);
    console.log(`10,000 random /projects queries: ${answered} answered by the function, ${10_000 - answered} looked up under ${keys.size} cache keys`);
  });
});
