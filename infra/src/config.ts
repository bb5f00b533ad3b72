import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where `npm run build -w web` puts the SPA. */
export const DEFAULT_WEB_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/**
 * Concurrent executions reserved for the public function. It is also its ceiling: a flood of
 * public requests is throttled there and cannot use up the account's concurrency, which the
 * admin function draws on. About 3 are busy at the stage's 50 requests a second of ~50 ms
 * each; 20 leaves room for cold starts and slow DynamoDB moments. Lambda keeps 100 of the
 * account's limit unreserved, so the account needs a limit of at least the reservations
 * (public, admin and Jobs) plus 100.
 */
export const DEFAULT_PUBLIC_CONCURRENCY = 20;
/**
 * Concurrent executions reserved for the admin function (the portal, sign-in, the outbox tick every
 * minute): a firm's staff of a few dozen keep a handful busy (a sign-in's password hash is the longest,
 * ~0.3 s), so 20 is room to spare, kept from the website's floods, and a ceiling on what a flood of the
 * anonymous auth routes can cost.
 */
export const DEFAULT_ADMIN_CONCURRENCY = 20;
/**
 * Concurrent executions reserved for the Jobs function: the daily and hourly rules, a backup or restore a
 * superadmin started, the deploy's data upgrade and a retention change rarely overlap; 3 lets them, and
 * caps how many full-table jobs can load DynamoDB at once (an async invoke beyond it waits and is retried).
 */
export const DEFAULT_JOBS_CONCURRENCY = 3;
const MAX_CONCURRENCY = 1000;

/**
 * How a deploy moves each API function's 'live' alias to the new version (CodeDeploy, constructs/live-aliases.ts):
 * `canary` sends 10% of the traffic to it for 5 minutes and rolls back if the API's 5xx alarms or the function's
 * errors alarm fire meanwhile; `all-at-once` moves all of it at once, alarms aside (throw-away stages, or a fix
 * that must go out while a 5xx alarm is already firing, which would roll a canary back).
 */
export type DeploymentStrategy = 'canary' | 'all-at-once';
const DEPLOYMENT_STRATEGIES: readonly DeploymentStrategy[] = ['canary', 'all-at-once'];

/** Everything that differs between two deployments of the product. */
export interface AppConfig {
  /** Lower-case name of the deployment ('dev', 'staging', 'prod'); part of the stack name. */
  readonly stage: string;
  /**
   * True for throw-away stages (`dev`, `dev-*`): the table and buckets are deleted
   * with the stack. Every other stage keeps its data (RETAIN, deletion protection).
   */
  readonly disposable: boolean;
  /** Custom domain served by CloudFront, with its ACM certificate (us-east-1). */
  readonly domain?: { readonly name: string; readonly certificateArn: string };
  /** Where alarm notifications go; required outside dev stages (on dev the alarms only fire into the SNS topic). */
  readonly alarmEmail?: string;
  /** The built SPA to upload (a folder with index.html). */
  readonly webDistPath: string;
  /** Reserved concurrency of the public function; unset leaves it unreserved (`none`). */
  readonly publicConcurrency?: number;
  /** Reserved concurrency of the admin function; unset leaves it unreserved (`none`). */
  readonly adminConcurrency?: number;
  /** Reserved concurrency of the Jobs function; unset leaves it unreserved (`none`). */
  readonly jobsConcurrency?: number;
  /** How deploys shift the API functions' traffic: `canary` by default on kept stages, `all-at-once` on dev ones. */
  readonly deployment: DeploymentStrategy;
  /**
   * A second region for disaster recovery: the backup files are replicated (S3 Cross-Region
   * Replication) into a bucket of a stack there. Set it for prod; unset (dev) copies nothing.
   */
  readonly drRegion?: string;
  /**
   * The DynamoDB table the stage runs on when it is not the stack's own: a table restored to a
   * point in time (infra/scripts/pitr-restore.ts), by name. Unset: the stack's own table.
   */
  readonly restoredTableName?: string;
  /** Target account/region; unset synthesizes an environment-agnostic stack. */
  readonly env?: { readonly account?: string; readonly region?: string };
}

/** Raw settings as they come from CDK context or the environment: all text, all optional. */
export interface ConfigInput {
  stage?: unknown;
  domainName?: unknown;
  certificateArn?: unknown;
  alarmEmail?: unknown;
  webDist?: unknown;
  publicConcurrency?: unknown;
  adminConcurrency?: unknown;
  jobsConcurrency?: unknown;
  deployment?: unknown;
  drRegion?: unknown;
  restoredTableName?: unknown;
  account?: unknown;
  region?: unknown;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid deployment config:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const STAGE = /^[a-z][a-z0-9-]{0,19}$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
// CloudFront only accepts certificates from us-east-1, whatever region the stack is in.
const CERTIFICATE_ARN = /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]{36}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const REGION = /^[a-z]{2}(-gov|-iso[a-z]*)?-[a-z]+-\d$/;
// DynamoDB's table names: 3-255 letters, digits, '_', '-' and '.'.
const TABLE_NAME = /^[A-Za-z0-9_.-]{3,255}$/;

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const trimmed = String(value).trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * Validates the raw settings and returns the config, or throws a ConfigError
 * listing every problem at once (so one synth shows all of them).
 */
export function parseConfig(input: ConfigInput): AppConfig {
  const problems: string[] = [];
  const stage = text(input.stage) ?? 'dev';
  if (!STAGE.test(stage)) {
    problems.push(`stage '${stage}' must be 1-20 characters: a lower-case letter, then letters, digits or '-'`);
  }

  const domainName = text(input.domainName)?.toLowerCase();
  const certificateArn = text(input.certificateArn);
  if (domainName && !DOMAIN.test(domainName)) problems.push(`domainName '${domainName}' is not a domain name`);
  if (domainName && !certificateArn) {
    problems.push('domainName needs certificateArn: an ACM certificate in us-east-1 covering that name');
  }
  if (certificateArn && !domainName) problems.push('certificateArn is set but domainName is not');
  if (certificateArn && !CERTIFICATE_ARN.test(certificateArn)) {
    problems.push(
      `certificateArn '${certificateArn}' must be an ACM certificate ARN in us-east-1 ` +
        '(arn:aws:acm:us-east-1:<account>:certificate/<id>); CloudFront accepts no other region',
    );
  }

  const disposable = stage === 'dev' || stage.startsWith('dev-');
  const alarmEmail = text(input.alarmEmail);
  if (alarmEmail && !EMAIL.test(alarmEmail)) problems.push(`alarmEmail '${alarmEmail}' is not an email address`);
  if (!alarmEmail && !disposable) {
    problems.push(
      `stage '${stage}' needs alarmEmail (ALARM_EMAIL): the address the alarms are mailed to; only dev and dev-* stages may go without`,
    );
  }

  const webDistPath = resolve(text(input.webDist) ?? DEFAULT_WEB_DIST);
  const missing = ['index.html', 'site.html'].filter((file) => !existsSync(join(webDistPath, file)));
  if (missing.length) {
    problems.push(`no built web app at ${webDistPath} (${missing.join(' and ')} missing): run 'npm run build -w web' first`);
  }

  const concurrency = (name: string, value: unknown, fallback: number, fn: string): number | undefined => {
    const concurrencyText = text(value) ?? String(fallback);
    const reserved = concurrencyText === 'none' ? undefined : Number(concurrencyText);
    if (reserved !== undefined && !(Number.isInteger(reserved) && reserved >= 1 && reserved <= MAX_CONCURRENCY)) {
      problems.push(`${name} '${concurrencyText}' must be a whole number from 1 to ${MAX_CONCURRENCY}, or 'none' to leave the ${fn} function unreserved`);
    }
    return reserved;
  };
  const publicConcurrency = concurrency('publicConcurrency', input.publicConcurrency, DEFAULT_PUBLIC_CONCURRENCY, 'public');
  const adminConcurrency = concurrency('adminConcurrency', input.adminConcurrency, DEFAULT_ADMIN_CONCURRENCY, 'admin');
  const jobsConcurrency = concurrency('jobsConcurrency', input.jobsConcurrency, DEFAULT_JOBS_CONCURRENCY, 'Jobs');

  const deploymentText = text(input.deployment) ?? (disposable ? 'all-at-once' : 'canary');
  const deployment = DEPLOYMENT_STRATEGIES.find((strategy) => strategy === deploymentText);
  if (!deployment) problems.push(`deployment '${deploymentText}' must be one of ${DEPLOYMENT_STRATEGIES.join(', ')}`);

  const account = text(input.account);
  const region = text(input.region);
  if (account && !/^\d{12}$/.test(account)) problems.push(`account '${account}' is not a 12-digit AWS account id`);

  const drRegion = text(input.drRegion)?.toLowerCase();
  if (drRegion && !REGION.test(drRegion)) problems.push(`drRegion '${drRegion}' is not an AWS region name (like ap-south-2)`);
  if (drRegion && drRegion === region) problems.push(`drRegion '${drRegion}' is the stack's own region: a second region must be another one`);

  const restoredTableName = text(input.restoredTableName);
  if (restoredTableName && !TABLE_NAME.test(restoredTableName)) {
    problems.push(`restoredTableName '${restoredTableName}' is not a DynamoDB table name (3-255 letters, digits, '_', '-', '.')`);
  }

  if (problems.length > 0 || !deployment) throw new ConfigError(problems);
  return {
    stage,
    disposable,
    ...(domainName && certificateArn ? { domain: { name: domainName, certificateArn } } : {}),
    ...(alarmEmail ? { alarmEmail } : {}),
    webDistPath,
    ...(publicConcurrency !== undefined ? { publicConcurrency } : {}),
    ...(adminConcurrency !== undefined ? { adminConcurrency } : {}),
    ...(jobsConcurrency !== undefined ? { jobsConcurrency } : {}),
    deployment,
    ...(drRegion ? { drRegion } : {}),
    ...(restoredTableName ? { restoredTableName } : {}),
    ...(account || region ? { env: { account, region } } : {}),
  };
}

/**
 * Reads the config from CDK context (`-c stage=prod`) first, then from the
 * environment (STAGE, DOMAIN_NAME, CERTIFICATE_ARN, ALARM_EMAIL, WEB_DIST, PUBLIC_CONCURRENCY, ADMIN_CONCURRENCY,
 * JOBS_CONCURRENCY, DEPLOYMENT, DR_REGION, RESTORED_TABLE_NAME), and
 * the account/region the CDK CLI resolved from your credentials.
 */
export function readConfig(context: (key: string) => unknown, env: NodeJS.ProcessEnv = process.env): AppConfig {
  return parseConfig({
    stage: context('stage') ?? env.STAGE,
    domainName: context('domainName') ?? env.DOMAIN_NAME,
    certificateArn: context('certificateArn') ?? env.CERTIFICATE_ARN,
    alarmEmail: context('alarmEmail') ?? env.ALARM_EMAIL,
    webDist: context('webDist') ?? env.WEB_DIST,
    publicConcurrency: context('publicConcurrency') ?? env.PUBLIC_CONCURRENCY,
    adminConcurrency: context('adminConcurrency') ?? env.ADMIN_CONCURRENCY,
    jobsConcurrency: context('jobsConcurrency') ?? env.JOBS_CONCURRENCY,
    deployment: context('deployment') ?? env.DEPLOYMENT,
    drRegion: context('drRegion') ?? env.DR_REGION,
    restoredTableName: context('restoredTableName') ?? env.RESTORED_TABLE_NAME,
    account: env.CDK_DEFAULT_ACCOUNT,
    region: env.CDK_DEFAULT_REGION,
  });
}
