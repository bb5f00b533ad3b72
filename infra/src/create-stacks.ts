import { type App, Aspects, CfnOutput, RemovalPolicy, Stack, Tags } from 'aws-cdk-lib';
import { Rule } from 'aws-cdk-lib/aws-events';
import type { AppConfig } from './config';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { Database } from './constructs/database';
import { BackupReplica, backupReplicaBucketName } from './constructs/backup-replica';
import { EDGE_REGION, EdgeFirewall, WebAclArnReader, webAclName } from './constructs/edge';
import { EdgeMonitoring, edgeAlarmName } from './constructs/edge-monitoring';
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
  /** The us-east-1 stack with the CloudFront and WAF alarms (deployed after `stack`). */
  readonly edgeMonitoringStack: Stack;
  readonly edgeMonitoring: EdgeMonitoring;
  /** The second region's stack with the backup replica (config.drRegion), deployed before `stack`; none without a drRegion. */
  readonly drStack?: Stack;
  readonly backupReplica?: BackupReplica;
}

/** Name of the stack a stage deploys to. */
export const stackName = (stage: string) => `StudioInteriors-${stage}`;

/** Name of the stage's us-east-1 stack (CloudFront's web ACL). */
export const edgeStackName = (stage: string) => `${stackName(stage)}-edge`;

/** Name of the stage's us-east-1 stack of the edge's alarms (CloudFront and WAF metrics exist only there). */
export const edgeMonitoringStackName = (stage: string) => `${stackName(stage)}-edge-monitoring`;
/** Name of the stage's disaster-recovery stack, in its second region (the backup replica). */
export const drStackName = (stage: string) => `${stackName(stage)}-dr`;

/**
 * The whole product for one stage, as `npm run deploy` and the tests build it.
 * One main stack: the table, secrets, API, site and alarms reference each other
 * freely, and a stage is deployed or torn down as one unit. Data outlives the
 * stack outside throw-away stages (RETAIN, deletion and termination protection).
 * Beside it, in us-east-1 whatever the main stack's region, the edge stack holds
 * the WAF web ACL in front of CloudFront (CloudFront takes none from another region),
 * and the edge monitoring stack, deployed last, the alarms on CloudFront's and WAF's
 * metrics (published in us-east-1 only).
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
  const retainData = !config.disposable;
  const dataRemovalPolicy = retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
  const logRetention = logRetentionFor(config.disposable);
  const logRemovalPolicy = dataRemovalPolicy;
  const firewall = new EdgeFirewall(edgeStack, 'Firewall', { stage: config.stage, logRetention, logRemovalPolicy });

  const stack = new Stack(app, stackName(config.stage), {
    description: `Studio interiors website, admin portal and API (${config.stage})`,
    ...(config.env ? { env: config.env } : {}),
    terminationProtection: !config.disposable,
  });
  stack.addStackDependency(edgeStack, 'The distribution reads the web ACL ARN the edge stack writes to SSM');
  const edgeMonitoringStack = new Stack(app, edgeMonitoringStackName(config.stage), {
    description: `Studio interiors: CloudFront and WAF alarms, in us-east-1 where their metrics are (${config.stage})`,
    env: { ...(config.env?.account ? { account: config.env.account } : {}), region: EDGE_REGION },
    terminationProtection: !config.disposable,
  });
  edgeMonitoringStack.addStackDependency(stack, 'Its alarms watch the distribution the main stack makes');
  // The backup replica in the second region, if there is one: S3 refuses a replication rule to a bucket that does not exist yet.
  const drStack = config.drRegion
    ? new Stack(app, drStackName(config.stage), {
        description: `Studio interiors: copies of the backups in a second region (${config.stage})`,
        env: { ...(config.env?.account ? { account: config.env.account } : {}), region: config.drRegion },
        terminationProtection: !config.disposable,
      })
    : undefined;
  const backupReplica = drStack
    ? new BackupReplica(drStack, 'Backups', { stage: config.stage, dataRemovalPolicy, autoDeleteObjects: config.disposable })
    : undefined;
  if (drStack) stack.addStackDependency(drStack, 'The backup bucket replicates into the replica bucket, which must exist first');
  for (const tagged of [stack, edgeStack, edgeMonitoringStack, ...(drStack ? [drStack] : [])]) {
    Tags.of(tagged).add('project', 'studio-interiors');
    Tags.of(tagged).add('stage', config.stage);
  }

  const database = new Database(stack, 'Database', {
    retainData,
    ...(config.restoredTableName ? { restoredTableName: config.restoredTableName } : {}),
  });
  const auth = new Auth(stack, 'Auth', { retainSecrets: retainData });
  const api = new Api(stack, 'Api', {
    table: database.table,
    jwtSigningKey: auth.jwtSigningKey,
    originVerify: auth.originVerify,
    logRetention,
    logRemovalPolicy,
    ...(config.publicConcurrency !== undefined ? { publicConcurrency: config.publicConcurrency } : {}),
    ...(config.adminConcurrency !== undefined ? { adminConcurrency: config.adminConcurrency } : {}),
    ...(config.jobsConcurrency !== undefined ? { jobsConcurrency: config.jobsConcurrency } : {}),
    deployment: config.deployment,
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
    ...(config.drRegion ? { backupReplicaBucketName: backupReplicaBucketName(config.stage, stack.account, config.drRegion) } : {}),
  });
  api.allowPhotoUploads(web.photosBucket, { served: UPLOADS_PREFIX, staging: STAGING_PREFIX, private: PRIVATE_PREFIX });
  api.allowBackups(web.backupBucket, auth.backupKey);
  const siteUrl = `https://${config.domain?.name ?? web.distribution.distributionDomainName}`;
  api.setSiteUrl(siteUrl);

  const monitoring = new Monitoring(stack, 'Monitoring', {
    functions: {
      Public: api.publicFunction,
      Admin: api.adminFunction,
      Pdf: api.pdfFunction,
      Auth: api.authFunction,
      ClientLink: api.clientLinkFunction,
      Jobs: api.jobsFunction,
    },
    routeFunctions: api.routeFunctions,
    httpApi: api.httpApi,
    table: database.table,
    deadLetterQueues: api.live.deadLetterQueues,
    rules: api.node.findAll().filter((construct) => construct instanceof Rule),
    deployments: api.live,
    edge: {
      distributionId: web.distribution.distributionId,
      webAclMetricName: webAclName(config.stage),
      alarmNames: [edgeAlarmName(config.stage, 'cloudfront-5xx-rate'), edgeAlarmName(config.stage, 'waf-blocked-spike')],
    },
    ...(config.alarmEmail ? { alarmEmail: config.alarmEmail } : {}),
  });
  const edgeMonitoring = new EdgeMonitoring(edgeMonitoringStack, 'Monitoring', {
    stage: config.stage,
    logRetention,
    logRemovalPolicy,
    ...(config.alarmEmail ? { alarmEmail: config.alarmEmail } : {}),
  });
  for (const withLogs of [stack, edgeStack, edgeMonitoringStack]) Aspects.of(withLogs).add(new RequireLogRetention());
  new CfnOutput(edgeStack, 'WebAclArn', { value: firewall.webAcl.attrArn, description: 'CloudFront web ACL' });

  new CfnOutput(stack, 'SiteUrl', {
    value: siteUrl,
    description: 'The website (and /admin)',
  });
  new CfnOutput(stack, 'DistributionDomainName', {
    value: web.distribution.distributionDomainName,
    description: 'Point your domain (CNAME or Route 53 alias) here',
  });
  new CfnOutput(stack, 'TableName', {
    value: database.table.tableName,
    description: config.restoredTableName ? 'The restored table the stage runs on (restoredTableName), for create-admin' : 'For create-admin',
  });
  new CfnOutput(stack, 'JobsFunctionName', {
    value: api.jobsFunction.functionName,
    description: 'Runs the data upgrades again: aws lambda invoke with {"task":"data-upgrade"} (every deploy runs them)',
  });
  new CfnOutput(stack, 'AlarmTopicArn', { value: monitoring.topic.topicArn });

  addNagChecks(app);
  new CfnOutput(stack, 'DashboardName', { value: monitoring.dashboard.dashboardName, description: 'The CloudWatch dashboard of the stage' });
  return { stack, database, auth, api, web, monitoring, edgeStack, firewall, edgeMonitoringStack, edgeMonitoring, ...(drStack && backupReplica ? { drStack, backupReplica } : {}) };
}

