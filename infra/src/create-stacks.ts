import { type App, Aspects, CfnOutput, RemovalPolicy, Stack, Tags } from 'aws-cdk-lib';
import type { AppConfig } from './config';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { Database } from './constructs/database';
import { Monitoring, RequireLogRetention, logRetentionFor } from './constructs/monitoring';
import { UPLOADS_PREFIX, Web } from './constructs/web';
import { addNagChecks } from './nag';

export interface Stacks {
  readonly stack: Stack;
  readonly database: Database;
  readonly auth: Auth;
  readonly api: Api;
  readonly web: Web;
  readonly monitoring: Monitoring;
}

/** Name of the stack a stage deploys to. */
export const stackName = (stage: string) => `StudioInteriors-${stage}`;

/**
 * The whole product for one stage, as `npm run deploy` and the tests build it.
 * One stack: the table, secrets, API, site and alarms reference each other
 * freely, and a stage is deployed or torn down as one unit. Data outlives the
 * stack outside throw-away stages (RETAIN, deletion and termination protection).
 */
export function createStacks(app: App, config: AppConfig): Stacks {
  const stack = new Stack(app, stackName(config.stage), {
    description: `Studio interiors website, admin portal and API (${config.stage})`,
    ...(config.env ? { env: config.env } : {}),
    terminationProtection: !config.disposable,
  });
  Tags.of(stack).add('project', 'studio-interiors');
  Tags.of(stack).add('stage', config.stage);

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
  const web = new Web(stack, 'Web', {
    httpApi: api.httpApi,
    originVerify: auth.originVerify,
    webDistPath: config.webDistPath,
    ...(config.domain ? { domain: config.domain } : {}),
    dataRemovalPolicy,
    autoDeleteObjects: config.disposable,
    logRetention,
    logRemovalPolicy,
  });
  api.allowPhotoUploads(web.photosBucket, UPLOADS_PREFIX);
  const siteUrl = `https://${config.domain?.name ?? web.distribution.distributionDomainName}`;
  api.setSiteUrl(siteUrl);

  const monitoring = new Monitoring(stack, 'Monitoring', {
    functions: { Public: api.publicFunction, Admin: api.adminFunction },
    httpApi: api.httpApi,
    table: database.table,
    ...(config.alarmEmail ? { alarmEmail: config.alarmEmail } : {}),
  });
  Aspects.of(stack).add(new RequireLogRetention());

  new CfnOutput(stack, 'SiteUrl', {
    value: siteUrl,
    description: 'The website (and /admin)',
  });
  new CfnOutput(stack, 'DistributionDomainName', {
    value: web.distribution.distributionDomainName,
    description: 'Point your domain (CNAME or Route 53 alias) here',
  });
  new CfnOutput(stack, 'TableName', { value: database.table.tableName, description: 'For create-admin' });
  new CfnOutput(stack, 'AlarmTopicArn', { value: monitoring.topic.topicArn });

  addNagChecks(app);
  return { stack, database, auth, api, web, monitoring };
}

