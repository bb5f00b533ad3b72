import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CustomResource, Duration, Validations, type RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, LogGroupLogDestination, type HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Policy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import type { Key } from 'aws-cdk-lib/aws-kms';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { logicalId, nagArn } from '../nag';
import type { DeploymentStrategy } from '../config';
import { addApiRoutes } from './api-routes';
import { LIVE_ALIAS, LiveAliases } from './live-aliases';
import { JSON_LOG_FORMAT } from './monitoring';
import {
  AUTH_KEY_ACCESS,
  CLIENT_LINK_KEY_ACCESS,
  grantItemAccess,
  grantPdfTableAccess,
  grantPublicTableAccess,
  grantWholeTableItems,
  JOBS_BULK_ACTIONS,
  piiDataKey,
} from './table-access';
import { PDF_FONT_FILES } from '@app/functions/quotations/pdf';
import { OUTBOX_TICK } from '@app/functions/notify/outbox-tick';
import { RENDERER_ALIASES, RENDERER_DEFINE, RENDERER_ENTRY } from '@app/functions/site/renderer-bundle';
import type { RouteLambda } from '@app/functions/lib/route-access';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const HANDLERS_DIR = join(REPO_ROOT, 'functions/src/handlers');

/** The runtime both functions run on: the newest Node.js this aws-cdk-lib knows. */
export const FUNCTION_RUNTIME = Runtime.NODEJS_24_X;

/** Where the font files the PDF renderer reads sit in the repository (copied beside the PDF bundle). */
const FONT_DIR = relative(
  REPO_ROOT,
  dirname(createRequire(join(REPO_ROOT, 'functions/package.json')).resolve(`@fontsource/noto-sans/files/${PDF_FONT_FILES.regular}`)),
);


export interface ApiProps {
  readonly table: ITableV2;
  /** The admin function may read it; it gets its ARN as JWT_SECRET_ARN. */
  readonly jwtSigningKey: ISecret;
  /** Value CloudFront sends in X-Origin-Verify; the functions trust viewer headers only with it. */
  readonly originVerify: ISecret;
  readonly logRetention: RetentionDays;
  readonly logRemovalPolicy: RemovalPolicy;
  /**
   * Reserved concurrency of the public function (see DEFAULT_PUBLIC_CONCURRENCY): its share,
   * and its ceiling, so a flood of public requests cannot starve the admin function.
   */
  readonly publicConcurrency?: number;
  /** Reserved concurrency of the admin and Jobs functions (unset: unreserved), and how a deploy moves the `live` aliases (LiveAliases). */
  readonly adminConcurrency?: number;
  readonly jobsConcurrency?: number;
  readonly deployment?: DeploymentStrategy;
}

/** The stack's Lambda functions (construct ids: `${id}Function`, `${id}Role`, `${id}Logs`). */
type FunctionId = 'Public' | 'Admin' | 'Pdf' | 'Auth' | 'ClientLink' | 'Jobs';
const ROLE_DESCRIPTIONS: Record<FunctionId, string> = {
  Public: 'Public API function',
  Admin: 'Admin API function',
  Pdf: 'Quotation PDF API function',
  Auth: 'Sign-in API function',
  ClientLink: 'Client share link API function',
  Jobs: 'Scheduled jobs function',
};

/** What the DataUpgrade resource asks the Jobs function to run (functions/src/handlers/jobs.ts, runDeployEvent). */
export const DATA_UPGRADE_TASK = 'data-upgrade';

/**
 * The Hono app as Lambda functions behind one HTTP API, each route on the
 * function its declaration names (functions/src/lib/route-access.ts), each
 * function with a role that allows only what its routes do: the public surface
 * (the website's routes and pages, the blog view beacon), signing in (auth), a
 * client's share link (clientLink), the quotation PDFs (pdf), all limited to the
 * items they touch by dynamodb:LeadingKeys; and the admin surface (every staff
 * route), item access to the whole table but no Scan or BatchWriteItem, which
 * only the Jobs function's backups use.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly publicFunction: NodejsFunction;
  readonly publicRole: Role;
  readonly adminFunction: NodejsFunction;
  readonly adminRole: Role;
  /** The quotation PDFs (PDF_ROUTES in api-routes.ts): the app with the renderer, its fonts beside the bundle. */
  readonly pdfFunction: NodejsFunction;
  readonly pdfRole: Role;
  /** Signing in, requesting access and who is signed in (routes declared `lambda: 'auth'`; AUTH_KEY_ACCESS). */
  readonly authFunction: NodejsFunction;
  readonly authRole: Role;
  /** A client's share link and their answer (routes declared `lambda: 'clientLink'`; CLIENT_LINK_KEY_ACCESS). */
  readonly clientLinkFunction: NodejsFunction;
  readonly clientLinkRole: Role;
  /** The scheduled jobs (recurring transactions), run daily by an EventBridge rule. */
  readonly jobsFunction: NodejsFunction;
  readonly jobsRole: Role;
  /**
   * Runs the data upgrades at every deploy (stack create and update), once the table and the Jobs function are in
   * place: CDK's provider framework invokes the Jobs function with the resource's lifecycle event and waits for its
   * answer, so a failed upgrade fails the deploy with its message. Its `dataVersion` attribute is the version reached.
   */
  readonly dataUpgrade: CustomResource;
  /** The provider framework function's own role: it may invoke the Jobs function, nothing else. */
  readonly dataUpgradeRole: Role;
  readonly accessLogs: LogGroup;
  /** Each function's `live` alias (what gets invoked), its CodeDeploy deployment, and the dead-letter queues of async invokes. */
  readonly live: LiveAliases;
  /** The functions API Gateway sends routes to, by the route declarations' name (`lambda` in lib/route-access.ts). */
  readonly routeFunctions: Readonly<Record<RouteLambda, NodejsFunction>>;
  /**
   * Wraps the data keys that seal employees' Aadhaar, PAN and bank account, and their
   * two-factor secrets (functions/src/secrets/field-crypto.ts). Its key policy lets only the
   * admin and auth roles use it (GenerateDataKey, Decrypt, for that purpose's encryption
   * context), and the account's key administrators manage it without using it (no `kms:*`
   * to the account root); rotated yearly by KMS, and kept when the stack goes: the data is
   * unreadable without it.
   */
  readonly piiKey: Key;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { table } = props;
    this.live = new LiveAliases(this, 'Live', { deployment: props.deployment ?? 'all-at-once' });
    const environment = {
      TABLE_NAME: table.tableName,
      // Stack traces point into the TypeScript sources through the bundle's source map.
      NODE_OPTIONS: '--enable-source-maps',
      // The functions read the value CloudFront sends (X-Origin-Verify) from Secrets Manager at
      // run time, cached, and answer 403 without it: never a plain value in their configuration.
      ORIGIN_VERIFY_SECRET_ARN: props.originVerify.secretArn,
    };

    [this.publicFunction, this.publicRole] = this.nodeFunction('Public', {
      entry: 'public.ts',
      memorySize: 512,
      timeout: Duration.seconds(10),
      environment,
      // The website's page renderer (web/src/entry-server.tsx) is bundled in from source, sharing
      // yup, shared-types and hono with the API (see functions/src/site/web-renderer.d.ts), with the
      // options the local server's renderer is built with (renderer-bundle.ts). Its template, the built
      // web/dist/site.html with the deployed assets' hashed names, goes beside index.mjs:
      // `npm run deploy` builds the web app first, and synthesis without one fails here.
      esbuild: {
        define: { ...RENDERER_DEFINE },
        esbuildArgs: {
          '--alias:@app/web-renderer': RENDERER_ENTRY,
          ...Object.fromEntries(Object.entries(RENDERER_ALIASES).map(([name, path]) => [`--alias:${name}`, path])),
        },
      },
      afterBundling: (inputDir, outputDir) => [
        `test -f "${inputDir}/web/dist/site.html" || { echo "No built web app in web/dist: run 'npm run build -w web' first" >&2; exit 1; }`,
        `cp "${inputDir}/web/dist/site.html" "${outputDir}/site.html"`,
      ],
      ...(props.publicConcurrency !== undefined ? { reservedConcurrentExecutions: props.publicConcurrency } : {}),
      props,
    });
    grantPublicTableAccess(this.publicRole, table);
    this.grantOriginSecretRead(this.publicRole, props.originVerify);

    [this.adminFunction, this.adminRole] = this.nodeFunction('Admin', {
      entry: 'admin.ts',
      // Password hashing (scrypt, N=2^17) wants the CPU share that comes with more memory.
      memorySize: 1024,
      timeout: Duration.seconds(15),
      environment: {
        ...environment,
        JWT_SECRET_ARN: props.jwtSigningKey.secretArn,
      },
      ...(props.adminConcurrency !== undefined ? { reservedConcurrentExecutions: props.adminConcurrency } : {}),
      props,
    });
    grantWholeTableItems(this.adminRole, table);
    props.jwtSigningKey.grantRead(this.adminRole);
    this.grantOriginSecretRead(this.adminRole, props.originVerify);
    Validations.of(this.adminRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${nagArn(this, table.tableArn)}/index/*]`,
      reason: 'The admin surface queries every index of the single table ; the table has only gsi1, gsi2 and gsi3.',
    });

    // Signing in: the account, its sessions and counters, Settings, and a request for access.
    [this.authFunction, this.authRole] = this.nodeFunction('Auth', {
      entry: 'auth.ts',
      // Password hashing (scrypt, N=2^17) wants the CPU share that comes with more memory.
      memorySize: 1024,
      timeout: Duration.seconds(15),
      environment: { ...environment, JWT_SECRET_ARN: props.jwtSigningKey.secretArn },
      props,
    });
    grantItemAccess(this.authRole, table, 'Auth', AUTH_KEY_ACCESS);
    props.jwtSigningKey.grantRead(this.authRole);
    this.grantOriginSecretRead(this.authRole, props.originVerify);

    // A client's share link: the quote, and an approval's customer, project and Advance demand.
    [this.clientLinkFunction, this.clientLinkRole] = this.nodeFunction('ClientLink', {
      entry: 'client-link.ts',
      memorySize: 512,
      timeout: Duration.seconds(10),
      environment,
      props,
    });
    grantItemAccess(this.clientLinkRole, table, 'ClientLink', CLIENT_LINK_KEY_ACCESS);
    this.grantOriginSecretRead(this.clientLinkRole, props.originVerify);

    this.piiKey = piiDataKey(this, [this.adminRole, this.authRole]);
    this.adminFunction.addEnvironment('PII_KMS_KEY_ID', this.piiKey.keyArn);
    this.authFunction.addEnvironment('PII_KMS_KEY_ID', this.piiKey.keyArn);

    [this.pdfFunction, this.pdfRole] = this.nodeFunction('Pdf', {
      entry: 'pdf.ts',
      // Rendering is CPU work: the CPU share that comes with 1 GB keeps a 40-row quote well under a second.
      memorySize: 1024,
      timeout: Duration.seconds(15),
      environment: {
        ...environment,
        JWT_SECRET_ARN: props.jwtSigningKey.secretArn,
      },
      // The renderer reads its fonts like modules (functions/src/quotations/pdf-font.ts): the bundle
      // gets them, and the font licence, at node_modules/@fontsource/noto-sans/ beside index.mjs.
      afterBundling: (inputDir, outputDir) => {
        const target = `${outputDir}/node_modules/@fontsource/noto-sans`;
        const source = `${inputDir}/${FONT_DIR}`;
        return [
          `mkdir -p "${target}/files"`,
          `cp "${source}/../LICENSE" "${target}/LICENSE"`,
          ...Object.values(PDF_FONT_FILES).map((file) => `cp "${source}/${file}" "${target}/files/${file}"`),
        ];
      },
      props,
    });
    grantPdfTableAccess(this.pdfRole, table);
    props.jwtSigningKey.grantRead(this.pdfRole);
    this.grantOriginSecretRead(this.pdfRole, props.originVerify);

    [this.jobsFunction, this.jobsRole] = this.nodeFunction('Jobs', {
      entry: 'jobs.ts',
      // A backup or restore of 50,000 items: a parallel scan, gzip and BatchWrite (about a minute on
      // DynamoDB Local, npm run bench); the memory buys CPU, the 15 minutes leave room for a larger table.
      memorySize: 1024,
      timeout: Duration.minutes(15),
      environment: { TABLE_NAME: table.tableName, NODE_OPTIONS: '--enable-source-maps' },
      ...(props.jobsConcurrency !== undefined ? { reservedConcurrentExecutions: props.jobsConcurrency } : {}),
      props,
    });
    grantWholeTableItems(this.jobsRole, table, JOBS_BULK_ACTIONS);
    Validations.of(this.jobsRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${nagArn(this, table.tableArn)}/index/*]`,
      reason: 'The jobs read the index partitions of recurring transactions and write their copies with the figures they keep.',
    });
    // Daily at 00:10 in Asia/Kolkata (18:40 UTC): a month's copies appear as it begins, and a
    // failed run is caught up the next day (the job is idempotent).
    new Rule(this, 'RecurringTransactionsSchedule', {
      description: "Creates the next month's pending copy of recurring transactions",
      schedule: Schedule.cron({ minute: '40', hour: '18' }),
      targets: [this.live.ruleTarget(this.jobsFunction, { retryAttempts: 2 })],
    });
    [this.dataUpgrade, this.dataUpgradeRole] = this.runDataUpgradesOnDeploy(table, props);
    // The notification outbox's sender, every minute, in the admin function: it holds the key that
    // opens the SMTP password, and mail goes out over plain SMTP (no AWS permission). A missed
    // tick is harmless (the next one sends what is due), so EventBridge does not retry it.
    new Rule(this, 'NotificationOutboxSchedule', {
      description: 'Sends due notification emails and bell notifications (the outbox)',
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [this.live.ruleTarget(this.adminFunction, { event: RuleTargetInput.fromObject(OUTBOX_TICK), retryAttempts: 0 })],
    });

    this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: props.logRetention,
      removalPolicy: props.logRemovalPolicy,
    });
    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Public website and admin portal API (CloudFront sends /api/*, /sitemap.xml, /robots.txt, /blog/rss.xml and the pages here)',
      createDefaultStage: false,
    });
    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      // A small firm's site: enough headroom for a busy day, a ceiling on what a flood can cost.
      throttle: { rateLimit: 50, burstLimit: 100 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            method: '$context.httpMethod',
            route: '$context.routeKey',
            path: '$context.path',
            status: '$context.status',
            bytes: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationStatus: '$context.integrationStatus',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });

    this.routeFunctions = {
      public: this.publicFunction,
      admin: this.adminFunction,
      pdf: this.pdfFunction,
      auth: this.authFunction,
      clientLink: this.clientLinkFunction,
    };
    const routes = addApiRoutes(this.httpApi, this.stage, this.live.aliases(this.routeFunctions));
    for (const route of routes) {
      Validations.of(route).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason:
          'Public routes are anonymous by design (website content, forms limited per IP). Admin routes are ' +
          'authenticated by the app itself (session JWT in an HttpOnly cookie, checked by the role guard ' +
          'middleware), which an API Gateway authorizer would only duplicate.',
      });
    }
  }

  /**
   * Tells the API functions the site's own URL (SITE_URL) and lets the CSRF guard of those that
   * serve forms with a session or a sign-in accept it as an Origin (ALLOWED_ORIGINS): behind
   * CloudFront the functions see the execute-api host, never the site's. The distribution's domain is a deploy-time value; it
   * makes no cycle, because the distribution depends on the HTTP API (its origin) and not on
   * the functions, which depend on the distribution.
   */
  setSiteUrl(url: string) {
    this.publicFunction.addEnvironment('SITE_URL', url);
    this.adminFunction.addEnvironment('SITE_URL', url);
    this.adminFunction.addEnvironment('ALLOWED_ORIGINS', url);
    this.pdfFunction.addEnvironment('SITE_URL', url);
    this.pdfFunction.addEnvironment('ALLOWED_ORIGINS', url);
    this.authFunction.addEnvironment('SITE_URL', url);
    this.authFunction.addEnvironment('ALLOWED_ORIGINS', url);
    this.clientLinkFunction.addEnvironment('SITE_URL', url);
  }

  /**
   * Lets the admin function sign uploads to the `staging` prefix, read what
   * arrived there, publish it (a copy) to the `served` prefix (photos) or the
   * `private` one (transaction attachments, read through presigned links),
   * and delete files under all three (PHOTOS_BUCKET). The PDF function reads
   * the company logos (served, so public already) for the quotation letterhead, and nothing else.
   */
  allowPhotoUploads(bucket: IBucket, prefixes: { served: string; staging: string; private: string }) {
    this.adminFunction.addEnvironment('PHOTOS_BUCKET', bucket.bucketName);
    this.pdfFunction.addEnvironment('PHOTOS_BUCKET', bucket.bucketName);
    // Keys functions/src/photos companyLogoKey makes.
    const logos = `${prefixes.served}company/logo-*`;
    this.pdfRole.addToPrincipalPolicy(new PolicyStatement({ sid: 'LetterheadLogos', actions: ['s3:GetObject'], resources: [bucket.arnForObjects(logos)] }));
    Validations.of(this.pdfRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${logicalId(bucket)}.Arn>/${logos}]`,
      reason: 'The quotation PDF draws the company logo of its letterhead; every object under this prefix is an uploaded logo (public already), named by the app.',
    });
    const all = [prefixes.served, prefixes.staging, prefixes.private];
    this.adminRole.addToPrincipalPolicy(
      new PolicyStatement({
        sid: 'ProjectPhotos',
        actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
        resources: all.map((prefix) => bucket.arnForObjects(`${prefix}*`)),
      }),
    );
    // Without ListBucket, S3 answers a read of a missing key with AccessDenied (it will not
    // say whether the key exists); with it, NoSuchKey, which the app reads as "not uploaded yet".
    this.adminRole.addToPrincipalPolicy(
      new PolicyStatement({
        sid: 'ProjectPhotosListing',
        actions: ['s3:ListBucket'],
        resources: [bucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': all.map((prefix) => `${prefix}*`) } },
      }),
    );
    for (const prefix of all) {
      Validations.of(this.adminRole).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${logicalId(bucket)}.Arn>/${prefix}*]`,
        reason: `Staff upload, publish, read and delete project photos and transaction attachments; every object under ${prefix} is one, named by the app.`,
      });
    }
  }

  /**
   * Backup and restore (functions/src/jobs/backup.ts): the Jobs function reads and writes backup
   * files (BACKUP_BUCKET) and runs the jobs; the admin function signs download links and upload
   * forms, reads an uploaded file to validate it, and starts a job by an async invoke of the Jobs
   * function's `live` alias (JOBS_FUNCTION_NAME), the only function it may invoke. An hourly rule runs the schedule.
   * Both read the backup key (BACKUP_KEY_SECRET_ARN); a restore's next run is the Jobs function invoking itself.
   */
  allowBackups(bucket: IBucket, backupKey: ISecret) {
    this.adminFunction.addEnvironment('BACKUP_BUCKET', bucket.bucketName);
    this.adminFunction.addEnvironment('JOBS_FUNCTION_NAME', this.live.asyncTarget(this.jobsFunction).functionArn);
    this.jobsFunction.addEnvironment('BACKUP_BUCKET', bucket.bucketName);
    const prefixes = ['backups/', 'uploads/'];
    const grants: [Role, string][] = [
      [this.adminRole, 'BackupFilesAdmin'],
      [this.jobsRole, 'BackupFilesJobs'],
    ];
    for (const [role, sid] of grants) {
      role.addToPrincipalPolicy(
        new PolicyStatement({ sid, actions: ['s3:GetObject', 's3:PutObject'], resources: prefixes.map((prefix) => bucket.arnForObjects(`${prefix}*`)) }),
      );
      // With ListBucket S3 answers a missing file NoSuchKey (the app's "not there"), not AccessDenied.
      role.addToPrincipalPolicy(
        new PolicyStatement({
          sid: `${sid}Listing`,
          actions: ['s3:ListBucket'],
          resources: [bucket.bucketArn],
          conditions: { StringLike: { 's3:prefix': prefixes.map((prefix) => `${prefix}*`) } },
        }),
      );
      for (const prefix of prefixes) {
        Validations.of(role).acknowledge({
          id: `AwsSolutions-IAM5[Resource::<${logicalId(bucket)}.Arn>/${prefix}*]`,
          reason: `Backup files: every object under ${prefix} is a backup or an upload to restore, named by the app (a job id or upload id).`,
        });
      }
    }
    this.adminRole.addToPrincipalPolicy(
      new PolicyStatement({ sid: 'StartBackupJobs', actions: ['lambda:InvokeFunction'], resources: [this.live.asyncTarget(this.jobsFunction).functionArn] }),
    );
    for (const [fn, role] of [[this.adminFunction, this.adminRole], [this.jobsFunction, this.jobsRole]] as const) {
      fn.addEnvironment('BACKUP_KEY_SECRET_ARN', backupKey.secretArn);
      role.addToPrincipalPolicy(new PolicyStatement({ sid: 'BackupKey', actions: ['secretsmanager:GetSecretValue'], resources: [backupKey.secretArn] }));
    }
    // A policy of its own, not the role's default one (which the function depends on): no dependency cycle.
    // A restore's next run goes through the live alias (the deployed version, the alias's failure queue), never $LATEST.
    this.jobsFunction.addEnvironment('SELF_ALIAS', LIVE_ALIAS);
    new Policy(this, 'JobsContinueRestores', {
      roles: [this.jobsRole],
      statements: [new PolicyStatement({ sid: 'ContinueRestoreJobs', actions: ['lambda:InvokeFunction'], resources: [this.live.asyncTarget(this.jobsFunction).functionArn] })],
    });
    new Rule(this, 'BackupSchedule', {
      description: 'Makes a backup when Settings > System > backupFrequency says one is due',
      schedule: Schedule.rate(Duration.hours(1)),
      targets: [this.live.ruleTarget(this.jobsFunction, { event: RuleTargetInput.fromObject({ task: 'scheduled-backup' }), retryAttempts: 2 })],
    });
  }

  /**
   * The DataUpgrade custom resource (see `dataUpgrade`). Its `deployId` property is the time of the synth, so
   * CloudFormation sends it an Update at every deploy, as well as the Create of a new stage; the Jobs function
   * runs only the steps the table has not had (none: it answers at once), and reads a smaller deployId than the
   * previous one as a rollback (it runs nothing). The framework function waits for the Jobs function's answer
   * (RequestResponse) up to its own 15 minutes, the Jobs function's timeout too, so an upgrade that uses nearly
   * all of them can outlive the framework: CloudFormation then fails the resource after 20 minutes (ServiceTimeout).
   */
  private runDataUpgradesOnDeploy(table: ITableV2, props: ApiProps): [CustomResource, Role] {
    const logGroup = new LogGroup(this, 'DataUpgradeLogs', { retention: props.logRetention, removalPolicy: props.logRemovalPolicy });
    // Our own role instead of the framework's default one (AWSLambdaBasicExecutionRole): logs go to this group only.
    const role = new Role(this, 'DataUpgradeRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Runs the data upgrades at deploy: invokes the Jobs function',
    });
    logGroup.grantWrite(role);
    const provider = new Provider(this, 'DataUpgradeProvider', { onEventHandler: this.jobsFunction, frameworkOnEventRole: role, logGroup });
    const resource = new CustomResource(this, 'DataUpgrade', {
      resourceType: 'Custom::DataUpgrade',
      serviceToken: provider.serviceToken,
      properties: { task: DATA_UPGRADE_TASK, deployId: new Date().toISOString() },
      serviceTimeout: Duration.minutes(20),
    });
    // The table and the Jobs function (its role and policies, its environment) are in place before it runs.
    resource.node.addDependency(table, this.jobsFunction, this.jobsRole);
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${logicalId(this.jobsFunction)}.Arn>:*]`,
      reason: "The provider framework's grant (grantInvoke) covers the Jobs function's versions and aliases: still that function only.",
    });
    return [resource, role];
  }

  /** GetSecretValue on the origin-verify secret (ORIGIN_VERIFY_SECRET_ARN), that secret only. */
  private grantOriginSecretRead(role: Role, secret: ISecret) {
    role.addToPrincipalPolicy(
      new PolicyStatement({
        sid: 'OriginVerifySecret',
        actions: ['secretsmanager:GetSecretValue'],
        resources: [secret.secretArn],
      }),
    );
  }

  private nodeFunction(
    id: FunctionId,
    options: {
      entry: string;
      memorySize: number;
      timeout: Duration;
      environment: Record<string, string>;
      reservedConcurrentExecutions?: number;
      /** Shell commands run after esbuild, e.g. to copy files the bundle reads. */
      afterBundling?: (inputDir: string, outputDir: string) => string[];
      /** More esbuild settings (defines, aliases) for this function's bundle. */
      esbuild?: { define?: Record<string, string>; esbuildArgs?: Record<string, string> };
      props: ApiProps;
    },
  ): [NodejsFunction, Role] {
    const logGroup = new LogGroup(this, `${id}Logs`, {
      retention: options.props.logRetention,
      removalPolicy: options.props.logRemovalPolicy,
    });
    // Our own role instead of the default one: no AWS managed policy, logs only to this group.
    const role = new Role(this, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: ROLE_DESCRIPTIONS[id],
    });
    logGroup.grantWrite(role);
    const fn = new NodejsFunction(this, `${id}Function`, {
      entry: join(HANDLERS_DIR, options.entry),
      handler: 'handler',
      runtime: FUNCTION_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: options.memorySize,
      timeout: options.timeout,
      ...(options.reservedConcurrentExecutions !== undefined
        ? { reservedConcurrentExecutions: options.reservedConcurrentExecutions }
        : {}),
      role,
      logGroup,
      tracing: Tracing.ACTIVE, // X-Ray; no SDK of ours in the bundle
      ...JSON_LOG_FORMAT, // the records ERROR_LOG_PATTERN reads (monitoring.ts)
      environment: options.environment,
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      bundling: {
        format: OutputFormat.ESM,
        minify: true,
        sourceMap: true,
        sourceMapMode: SourceMapMode.EXTERNAL,
        // File and line numbers in stack traces are enough; leaving sources out halves the map.
        sourcesContent: false,
        mainFields: ['module', 'main'],
        // Bundle the SDK: the version we test against is the version that runs.
        bundleAwsSDK: true,
        externalModules: [],
        // Some CommonJS dependencies call require(); an ES module has none of its own.
        banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
        ...options.esbuild,
        ...(options.afterBundling
          ? { commandHooks: { beforeBundling: () => [], beforeInstall: () => [], afterBundling: options.afterBundling } }
          : {}),
      },
    });
    Validations.of(role).acknowledge({ id: 'AwsSolutions-IAM5[Resource::*]', reason: 'Active tracing: xray:PutTraceSegments and PutTelemetryRecords take no narrower resource.' });
    this.live.add(id, fn, { trafficShifting: id !== 'Jobs' });
    return [fn, role];
  }

}
