import { type App, Aspects, CfnOutput, RemovalPolicy, Stack, Tags } from 'aws-cdk-lib';
import type { AppConfig } from './config';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { Database } from './constructs/database';
import { EDGE_REGION, EdgeFirewall, WebAclArnReader } from './constructs/edge';
import { Monitoring, RequireLogRetention, logRetentionFor } from './constructs/monitoring';
import { PRIVATE_PREFIX, STAGING_PREFIX, UPLOADS_PREFIX, Web } from './constructs/web';
import { addNagChecks } from './nag';

export interface Stacks {
  readonly stack: Stack;
  readonly database: Database;
  readonly auth: Auth;
  readonly api: Api;
  readonly web: Web;
  readonly monitoring: Monitoring;
  /** The us-east-1 stack with CloudFront's WAF web ACL (deployed before `stack`). */
  readonly edgeStack: Stack;
  readonly firewall: EdgeFirewall;
}

/** Name of the stack a stage deploys to. */
export const stackName = (stage: string) => `StudioInteriors-${stage}`;

/** Name of the stage's us-east-1 stack (CloudFront's web ACL). */
export const edgeStackName = (stage: string) => `${stackName(stage)}-edge`;

/**
 * The whole product for one stage, as `npm run deploy` and the tests build it.
 * One main stack: the table, secrets, API, site and alarms reference each other
 * freely, and a stage is deployed or torn down as one unit. Data outlives the
 * stack outside throw-away stages (RETAIN, deletion and termination protection).
 * Beside it, in us-east-1 whatever the main stack's region, the edge stack holds
 * the WAF web ACL in front of CloudFront (CloudFront takes none from another region).
 */
export function createStacks(app: App, config: AppConfig): Stacks {
  // The web ACL's ARN travels through an SSM parameter in us-east-1 that the main stack reads
  // at deploy time, not through crossRegionReferences: those need both regions known at synth,
  // and the main stack may be environment-agnostic (region resolved only at deploy).
  const edgeStack = new Stack(app, edgeStackName(config.stage), {
    description: `Studio interiors: AWS WAF web ACL for CloudFront (${config.stage})`,
    env: { ...(config.env?.account ? { account: config.env.account } : {}), region: EDGE_REGION },
    terminationProtection: !config.disposable,
  });
  const firewall = new EdgeFirewall(edgeStack, 'Firewall', { stage: config.stage });

  const stack = new Stack(app, stackName(config.stage), {
    description: `Studio interiors website, admin portal and API (${config.stage})`,
    ...(config.env ? { env: config.env } : {}),
    terminationProtection: !config.disposable,
  });
  stack.addStackDependency(edgeStack, 'The distribution reads the web ACL ARN the edge stack writes to SSM');
  for (const tagged of [stack, edgeStack]) {
    Tags.of(tagged).add('project', 'studio-interiors');
    Tags.of(tagged).add('stage', config.stage);
  }

  const retainData = !config.disposable;
  const dataRemovalPolicy = retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
  const logRetention = logRetentionFor(config.disposable);
  const logRemovalPolicy = dataRemovalPolicy;

  const database = new Database(stack, 'Database', { retainData });
  const auth = new Auth(stack, 'Auth', { retainSecrets: retainData });
  const api = new Api(stack, 'Api', {
    table: database.table,
    jwtSigningKey: auth.jwtSigningKey,
    originVerify: auth.originVerify,
    logRetention,
    logRemovalPolicy,
    ...(config.publicConcurrency !== undefined ? { publicConcurrency: config.publicConcurrency } : {}),
  });
  const webAcl = new WebAclArnReader(stack, 'WebAcl', { stage: config.stage, logRetention, logRemovalPolicy });
  const web = new Web(stack, 'Web', {
    webAclArn: webAcl.webAclArn,
    httpApi: api.httpApi,
    originVerify: auth.originVerify,
    webDistPath: config.webDistPath,
    ...(config.domain ? { domain: config.domain } : {}),
    dataRemovalPolicy,
    autoDeleteObjects: config.disposable,
    logRetention,
    logRemovalPolicy,
  });
  api.allowPhotoUploads(web.photosBucket, { served: UPLOADS_PREFIX, staging: STAGING_PREFIX, private: PRIVATE_PREFIX });
  api.allowBackups(web.backupBucket, auth.backupKey);
  const siteUrl = `https://${config.domain?.name ?? web.distribution.distributionDomainName}`;
  api.setSiteUrl(siteUrl);

  const monitoring = new Monitoring(stack, 'Monitoring', {
    functions: { Public: api.publicFunction, Admin: api.adminFunction, Pdf: api.pdfFunction, Jobs: api.jobsFunction },
    httpApi: api.httpApi,
    table: database.table,
    ...(config.alarmEmail ? { alarmEmail: config.alarmEmail } : {}),
  });
  Aspects.of(stack).add(new RequireLogRetention());
  new CfnOutput(edgeStack, 'WebAclArn', { value: firewall.webAcl.attrArn, description: 'CloudFront web ACL' });

  new CfnOutput(stack, 'SiteUrl', {
    value: siteUrl,
    description: 'The website (and /admin)',
  });
  new CfnOutput(stack, 'DistributionDomainName', {
    value: web.distribution.distributionDomainName,
    description: 'Point your domain (CNAME or Route 53 alias) here',
  });
  new CfnOutput(stack, 'TableName', { value: database.table.tableName, description: 'For create-admin' });
  new CfnOutput(stack, 'JobsFunctionName', {
    value: api.jobsFunction.functionName,
    description: 'Runs the data upgrades again: aws lambda invoke with {"task":"data-upgrade"} (every deploy runs them)',
  });
  new CfnOutput(stack, 'AlarmTopicArn', { value: monitoring.topic.topicArn });

  addNagChecks(app);
  return { stack, database, auth, api, web, monitoring, edgeStack, firewall };
}

