import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CustomResource, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, LogGroupLogDestination, type HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Policy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { logicalId } from '../nag';
import { addApiRoutes } from './api-routes';
import { keyAccess } from '@app/functions/db/kind';
import { TABLE_DEFINITION } from '@app/functions/db/table-definition';
import { kinds } from '@app/functions/kinds';
import { PDF_KEY_ACCESS } from '@app/functions/handlers/pdf-access';
import { PDF_FONT_FILES } from '@app/functions/quotations/pdf';
import { OUTBOX_TICK } from '@app/functions/notify/outbox-tick';
import { RENDERER_ALIASES, RENDERER_DEFINE, RENDERER_ENTRY } from '@app/functions/site/renderer-bundle';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const HANDLERS_DIR = join(REPO_ROOT, 'functions/src/handlers');

/** The runtime both functions run on: the newest Node.js this aws-cdk-lib knows. */
export const FUNCTION_RUNTIME = Runtime.NODEJS_24_X;

/** Where the font files the PDF renderer reads sit in the repository (copied beside the PDF bundle). */
const FONT_DIR = relative(
  REPO_ROOT,
  dirname(createRequire(join(REPO_ROOT, 'functions/package.json')).resolve(`@fontsource/noto-sans/files/${PDF_FONT_FILES.regular}`)),
);

/**
 * Partition keys the public function may touch, as IAM StringLike patterns
 * over the prefixes of functions/src/db/keys.ts, from the definitions' grants
 * (`public`, functions/src/kinds.ts). `read`: GetItem of the website's content.
 * `queryGsi1`: Query of the gsi1 partitions the public list routes read.
 * `leadLookup`: GetItem for lead capture ("does a lead own this phone number
 * already?"). `write`: PutItem/UpdateItem (also inside TransactWriteItems),
 * returning nothing: lead capture (submission, lead, its timeline entries under
 * LEAD#, the phone marker, the lead counters under STATS, the lead's search
 * tokens, its audit entry and its outbox item). `rateLimit`: UpdateItem of the
 * per-IP rate-limit windows, which return their new count.
 */
export const PUBLIC_KEY_ACCESS = keyAccess(kinds, 'public');

export interface ApiProps {
  readonly table: TableV2;
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
}

/** What the DataUpgrade resource asks the Jobs function to run (functions/src/handlers/jobs.ts, runDeployEvent). */
export const DATA_UPGRADE_TASK = 'data-upgrade';

/**
 * The Hono app as two Lambda functions behind one HTTP API: the public surface
 * (the website's routes, a role limited to the items they need) and the admin
 * surface (every other /api route, read/write on the table).
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
  /**
   * Wraps the data keys that seal employees' Aadhaar, PAN and bank account
   * (functions/src/secrets/field-crypto.ts). Only the admin function's role may
   * use it (GenerateDataKey, Decrypt, for that purpose's encryption context);
   * rotated yearly by KMS, and kept when the stack goes: the data is unreadable without it.
   */
  readonly piiKey: Key;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { table } = props;
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
    this.grantPublicTableAccess(this.publicRole, table);
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
      props,
    });
    table.grantReadWriteData(this.adminRole);
    props.jwtSigningKey.grantRead(this.adminRole);
    this.grantOriginSecretRead(this.adminRole, props.originVerify);
    this.piiKey = new Key(this, 'PiiKey', {
      description: "Wraps the data keys of employees' personal data (Aadhaar, PAN, bank account); used only by the admin function",
      enableKeyRotation: true,
      alias: `alias/${Stack.of(this).stackName}/employee-pii`,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.adminFunction.addEnvironment('PII_KMS_KEY_ID', this.piiKey.keyArn);
    this.adminRole.addToPrincipalPolicy(
      new PolicyStatement({
        sid: 'EmployeePiiDataKeys',
        actions: ['kms:GenerateDataKey', 'kms:Decrypt'],
        resources: [this.piiKey.keyArn],
        // The encryption context field-crypto.ts binds every data key to (PII_ENCRYPTION_CONTEXT).
        conditions: { StringEquals: { 'kms:EncryptionContext:purpose': 'employee-pii' } },
      }),
    );
    Validations.of(this.adminRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${logicalId(table)}.Arn>/index/*]`,
      reason: 'The admin surface reads every index of the single table (grantReadWriteData); the table has only gsi1, gsi2 and gsi3.',
    });

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
    this.grantPdfTableAccess(this.pdfRole, table);
    props.jwtSigningKey.grantRead(this.pdfRole);
    this.grantOriginSecretRead(this.pdfRole, props.originVerify);

    [this.jobsFunction, this.jobsRole] = this.nodeFunction('Jobs', {
      entry: 'jobs.ts',
      // A backup or restore of 50,000 items: a parallel scan, gzip and BatchWrite (about a minute on
      // DynamoDB Local, npm run bench); the memory buys CPU, the 15 minutes leave room for a larger table.
      memorySize: 1024,
      timeout: Duration.minutes(15),
      environment: { TABLE_NAME: table.tableName, NODE_OPTIONS: '--enable-source-maps' },
      props,
    });
    table.grantReadWriteData(this.jobsRole);
    Validations.of(this.jobsRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${logicalId(table)}.Arn>/index/*]`,
      reason: 'The jobs read the index partitions of recurring transactions and write their copies with the figures they keep.',
    });
    // Daily at 00:10 in Asia/Kolkata (18:40 UTC): a month's copies appear as it begins, and a
    // failed run is caught up the next day (the job is idempotent).
    new Rule(this, 'RecurringTransactionsSchedule', {
      description: "Creates the next month's pending copy of recurring transactions",
      schedule: Schedule.cron({ minute: '40', hour: '18' }),
      targets: [new LambdaFunction(this.jobsFunction, { retryAttempts: 2 })],
    });
    [this.dataUpgrade, this.dataUpgradeRole] = this.runDataUpgradesOnDeploy(table, props);
    // The notification outbox's sender, every minute, in the admin function: it holds the key that
    // opens the SMTP password, and mail goes out over plain SMTP (no AWS permission). A missed
    // tick is harmless (the next one sends what is due), so EventBridge does not retry it.
    new Rule(this, 'NotificationOutboxSchedule', {
      description: 'Sends due notification emails and bell notifications (the outbox)',
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunction(this.adminFunction, { event: RuleTargetInput.fromObject(OUTBOX_TICK), retryAttempts: 0 })],
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

    const routes = addApiRoutes(this.httpApi, this.stage, { public: this.publicFunction, admin: this.adminFunction, pdf: this.pdfFunction });
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
   * Tells both functions the site's own URL (SITE_URL) and lets the admin function's CSRF guard
   * accept it as an Origin (ALLOWED_ORIGINS): behind CloudFront the functions see the
   * execute-api host, never the site's. The distribution's domain is a deploy-time value; it
   * makes no cycle, because the distribution depends on the HTTP API (its origin) and not on
   * the functions, which depend on the distribution.
   */
  setSiteUrl(url: string) {
    this.publicFunction.addEnvironment('SITE_URL', url);
    this.adminFunction.addEnvironment('SITE_URL', url);
    this.adminFunction.addEnvironment('ALLOWED_ORIGINS', url);
    this.pdfFunction.addEnvironment('SITE_URL', url);
    this.pdfFunction.addEnvironment('ALLOWED_ORIGINS', url);
  }

  /**
   * Lets the admin function sign uploads to the `staging` prefix, read what
   * arrived there, publish it (a copy) to the `served` prefix (photos) or the
   * `private` one (transaction attachments, read through presigned links),
   * and delete files under all three (PHOTOS_BUCKET).
   */
  allowPhotoUploads(bucket: IBucket, prefixes: { served: string; staging: string; private: string }) {
    this.adminFunction.addEnvironment('PHOTOS_BUCKET', bucket.bucketName);
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
   * function (JOBS_FUNCTION_NAME), the only function it may invoke. An hourly rule runs the schedule.
   * Both read the backup key (BACKUP_KEY_SECRET_ARN); a restore's next run is the Jobs function invoking itself.
   */
  allowBackups(bucket: IBucket, backupKey: ISecret) {
    this.adminFunction.addEnvironment('BACKUP_BUCKET', bucket.bucketName);
    this.adminFunction.addEnvironment('JOBS_FUNCTION_NAME', this.jobsFunction.functionName);
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
      new PolicyStatement({ sid: 'StartBackupJobs', actions: ['lambda:InvokeFunction'], resources: [this.jobsFunction.functionArn] }),
    );
    for (const [fn, role] of [[this.adminFunction, this.adminRole], [this.jobsFunction, this.jobsRole]] as const) {
      fn.addEnvironment('BACKUP_KEY_SECRET_ARN', backupKey.secretArn);
      role.addToPrincipalPolicy(new PolicyStatement({ sid: 'BackupKey', actions: ['secretsmanager:GetSecretValue'], resources: [backupKey.secretArn] }));
    }
    // A policy of its own, not the role's default one (which the function depends on): no dependency cycle.
    new Policy(this, 'JobsContinueRestores', {
      roles: [this.jobsRole],
      statements: [new PolicyStatement({ sid: 'ContinueRestoreJobs', actions: ['lambda:InvokeFunction'], resources: [this.jobsFunction.functionArn] })],
    });
    new Rule(this, 'BackupSchedule', {
      description: 'Makes a backup when Settings > System > backupFrequency says one is due',
      schedule: Schedule.rate(Duration.hours(1)),
      targets: [new LambdaFunction(this.jobsFunction, { event: RuleTargetInput.fromObject({ task: 'scheduled-backup' }), retryAttempts: 2 })],
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
  private runDataUpgradesOnDeploy(table: TableV2, props: ApiProps): [CustomResource, Role] {
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
    id: 'Public' | 'Admin' | 'Pdf' | 'Jobs',
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
      description: id === 'Jobs' ? 'Scheduled jobs function' : id === 'Pdf' ? 'Quotation PDF API function' : `${id} API function`,
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
    return [fn, role];
  }

  /**
   * The PDF role's DynamoDB access (PDF_KEY_ACCESS, through dynamodb:LeadingKeys as for the
   * public role): GetItem of the items the PDF routes read, and UpdateItem/DeleteItem of staff
   * sessions, returning nothing. No Query, no Scan, no index, no other write.
   */
  private grantPdfTableAccess(role: Role, table: TableV2) {
    const onlyKeys = (patterns: readonly string[]) => ({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...patterns] },
      Null: { 'dynamodb:LeadingKeys': 'false' },
    });
    role.addToPrincipalPolicy(
      new PolicyStatement({
        sid: 'PdfReads',
        actions: ['dynamodb:GetItem'],
        resources: [table.tableArn],
        conditions: onlyKeys(PDF_KEY_ACCESS.read),
      }),
    );
    role.addToPrincipalPolicy(
      new PolicyStatement({
        sid: 'PdfStaffSessions',
        actions: ['dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
        resources: [table.tableArn],
        conditions: { ...onlyKeys(PDF_KEY_ACCESS.sessions), StringEqualsIfExists: { 'dynamodb:ReturnValues': ['NONE'] } },
      }),
    );
  }

  /**
   * The public role's DynamoDB access, item by item through dynamodb:LeadingKeys.
   *
   * How LeadingKeys applies to index queries (checked in the DynamoDB developer
   * guide, "Using IAM policy conditions for fine-grained access control"): the
   * key is "the first key attribute of a table, the partition key", taken from
   * the request, and the guide's examples put the same LeadingKeys condition on
   * a table ARN and on an index ARN alike. A Query on an index carries one
   * partition key value, the index's (gsi1pk = :pk), and the request is
   * authorized against the index resource. So the index statement lists gsi1
   * partition values and names the gsi1 ARN only: no other index, no table Query.
   * The guide does not spell the index case out in so many words, so the
   * statement also requires the key to be present (Null = false): if AWS ever
   * evaluated index queries without leading keys, ForAllValues would be true on
   * an empty set and allow every gsi1 partition (LEADS, ESTIMATES, ...); with
   * the Null check such a request is denied instead. Transactions are checked
   * per item against PutItem/UpdateItem, with each item's own partition key.
   * What LeadingKeys cannot stop: a conditional write can still probe whether an
   * item it may write exists; the role keeps that to the partitions above.
   */
  private grantPublicTableAccess(role: Role, table: TableV2) {
    const gsi1 = TABLE_DEFINITION.globalSecondaryIndexes.find((index) => index.indexName === 'gsi1');
    if (!gsi1) throw new Error('table definition has no gsi1');
    const onlyKeys = (patterns: readonly string[]) => ({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...patterns] },
      Null: { 'dynamodb:LeadingKeys': 'false' },
    });
    const statements = [
      new PolicyStatement({
        sid: 'PublicContentReads',
        actions: ['dynamodb:GetItem'],
        resources: [table.tableArn],
        conditions: onlyKeys(PUBLIC_KEY_ACCESS.read),
      }),
      new PolicyStatement({
        sid: 'PublicListQueries',
        actions: ['dynamodb:Query'],
        resources: [`${table.tableArn}/index/${gsi1.indexName}`],
        conditions: onlyKeys(PUBLIC_KEY_ACCESS.queryGsi1),
      }),
      new PolicyStatement({
        sid: 'LeadCapturePhoneLookup',
        actions: ['dynamodb:GetItem'],
        resources: [table.tableArn],
        conditions: onlyKeys(PUBLIC_KEY_ACCESS.leadLookup),
      }),
      new PolicyStatement({
        sid: 'LeadCaptureWrites',
        actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
        resources: [table.tableArn],
        conditions: {
          ...onlyKeys(PUBLIC_KEY_ACCESS.write),
          // A write may not hand back what it replaced or changed (ALL_OLD, UPDATED_NEW, ...):
          // write access to LEAD# must not become a way to read leads.
          StringEqualsIfExists: { 'dynamodb:ReturnValues': ['NONE'] },
        },
      }),
      new PolicyStatement({
        sid: 'RateLimitCounters',
        actions: ['dynamodb:UpdateItem'],
        resources: [table.tableArn],
        conditions: {
          ...onlyKeys(PUBLIC_KEY_ACCESS.rateLimit),
          StringEqualsIfExists: { 'dynamodb:ReturnValues': ['NONE', 'UPDATED_NEW'] },
        },
      }),
    ];
    for (const statement of statements) role.addToPrincipalPolicy(statement);
  }
}
