import { DefaultStackSynthesizer, Duration, Fn, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AccessLevel,
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
  type IOrigin,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, type IBucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '@app/functions/handlers/client-ip';
import { contentSecurityPolicy, SECURITY_HEADERS } from '@app/functions/lib/security-headers';
import { PHOTOS_PREFIX, PRIVATE_PREFIX, STAGING_EXPIRY_DAYS, STAGING_PREFIX } from '@app/functions/photos/photo-storage';
import { BACKUP_RETENTION_DAYS, UPLOAD_RETENTION_DAYS } from '@app/functions/backup/backup-storage';
import { PAGE_QUERY_CODE, PAGE_QUERY_NAMES } from '@app/functions/site/page-query';
import { logicalId, nagArn } from '../nag';
import { REPLICATED_BACKUP_PREFIX } from './backup-replica';

/**
 * CloudFront Function (viewer request, default behaviour): a path whose last
 * segment has no file extension is a client-side route of the SPA, so it gets
 * /index.html. Files (/assets/app.js, /favicon.svg) pass through, and so does
 * anything under /api (it has its own behaviour; the check is a second guard).
 * Doing this per request, instead of with distribution-wide error pages, keeps
 * the API's 403/404 answers intact.
 */
export const SPA_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri === '/api' || uri.indexOf('/api/') === 0) return request;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/** CDK's enum member for a shared X-Frame-Options value (the enum's values are the header values). */
function frameOption(value: string): HeadersFrameOption {
  const found = Object.values(HeadersFrameOption).find((option) => option === value);
  if (!found) throw new Error(`CloudFront has no X-Frame-Options '${value}'`);
  return found;
}

/** CDK's enum member for a shared Referrer-Policy value. */
function referrerPolicy(value: string): HeadersReferrerPolicy {
  const found = Object.values(HeadersReferrerPolicy).find((policy) => policy === value);
  if (!found) throw new Error(`CloudFront has no Referrer-Policy '${value}'`);
  return found;
}

/** Paths CloudFront sends to the API instead of the bucket. */
export const API_PATHS = ['/api/*', '/sitemap.xml', '/robots.txt', '/blog/rss.xml'] as const;

/**
 * Files of the web build in the site bucket (hashed assets, images, the icon): served from S3,
 * cached by CloudFront as the upload's Cache-Control says (immutable for /assets/*).
 */
export const SITE_FILE_PATHS = ['/assets/*', '/images/*', '/favicon.svg'] as const;

/**
 * Client-rendered paths: the admin portal and a client's quotation link get the SPA's
 * index.html from S3 (the rewrite function). Every other path is a page of the website,
 * rendered by the public function (the default behaviour), unknown ones as its 404.
 */
export const SPA_PATHS = ['/admin', '/admin/*', '/q/*'] as const;

/** Published project photos live under this key prefix and are served at /uploads/*. */
export const UPLOADS_PREFIX = PHOTOS_PREFIX;
/** Uploads land under this prefix first, and staff-only files live under the private one (functions/src/photos/photo-storage.ts); nothing serves either. */
export { PRIVATE_PREFIX, STAGING_PREFIX };

export interface WebProps {
  /** Where /api/*, /sitemap.xml, /robots.txt and /blog/rss.xml go. */
  readonly httpApi: HttpApi;
  readonly originVerify: ISecret;
  /** The built SPA (web/dist, or a test fixture). */
  readonly webDistPath: string;
  readonly domain?: { readonly name: string; readonly certificateArn: string };
  /** RETAIN for the photos and log buckets outside throw-away stages. */
  readonly dataRemovalPolicy: RemovalPolicy;
  /** Throw-away stages empty their buckets on delete so the stack can go. */
  readonly autoDeleteObjects: boolean;
  readonly logRetention: RetentionDays;
  readonly logRemovalPolicy: RemovalPolicy;
  /** ARN of the AWS WAF web ACL (scope CLOUDFRONT, us-east-1) in front of the distribution. */
  readonly webAclArn: string;
  /**
   * The bucket in the second region that the backup files are replicated to (constructs/backup-replica.ts),
   * by name; unset replicates nothing.
   */
  readonly backupReplicaBucketName?: string;
}

/**
 * The public entry point: one CloudFront distribution serving the SPA from a
 * private bucket, project photos from another, and the API under the same
 * origin (so cookies stay first-party and the API's CSRF Origin check holds).
 */
export class Web extends Construct {
  readonly distribution: Distribution;
  readonly siteBucket: Bucket;
  readonly photosBucket: Bucket;
  /**
   * Backup files (functions/src/backup/): backups/ written by the Jobs function, uploads/ of files to
   * restore. Private, encrypted, TLS only, versioned; nothing serves it (downloads are presigned links).
   */
  readonly backupBucket: Bucket;
  readonly logsBucket: Bucket;
  readonly responseHeadersPolicy: ResponseHeadersPolicy;
  readonly spaRewrite: CloudFrontFunction;
  /** The pages' viewer-request function: a query that is not its page's canonical one gets a 302 to it (site/page-query.ts). */
  readonly pageQuery: CloudFrontFunction;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const { dataRemovalPolicy, autoDeleteObjects } = props;

    this.logsBucket = new Bucket(this, 'LogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logs are delivered with an ACL, which needs object-writer ownership.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: dataRemovalPolicy,
      autoDeleteObjects,
    });
    Validations.of(this.logsBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket; logging its own access would log into itself.',
    });

    this.siteBucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 's3/site/',
      // Rebuilt from web/dist on every deploy: nothing in it needs keeping.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    this.photosBucket = new Bucket(this, 'PhotosBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 's3/photos/',
      // Staff browsers upload photos straight to the bucket with presigned POST
      // forms (the signed policy is what authorises an upload); CORS only lets
      // the portal read S3's answer. Without a custom domain the site's
      // CloudFront host is not known here (it depends on this bucket), so any
      // origin may read it.
      cors: [
        {
          allowedMethods: [HttpMethods.POST],
          allowedOrigins: props.domain ? [`https://${props.domain.name}`] : ['*'],
          allowedHeaders: ['*'],
          maxAge: 3600,
        },
      ],
      // Uploaded photos exist nowhere else: a replaced or deleted one can be restored for 30 days.
      versioned: true,
      lifecycleRules: [
        { id: 'KeepReplacedPhotos', noncurrentVersionExpiration: Duration.days(30) },
        // Uploads never added to a project (abandoned, refused, or a form sent again) go after a day.
        {
          id: 'ExpireStagedUploads',
          prefix: STAGING_PREFIX,
          expiration: Duration.days(STAGING_EXPIRY_DAYS),
          noncurrentVersionExpiration: Duration.days(1),
        },
      ],
      removalPolicy: dataRemovalPolicy,
      autoDeleteObjects,
    });

    // S3 Cross-Region Replication of backups/ into the second region's bucket (constructs/backup-replica.ts), if there is one.
    const replica = props.backupReplicaBucketName ? Bucket.fromBucketName(this, 'BackupReplica', props.backupReplicaBucketName) : undefined;
    const replicationRole = replica
      ? new Role(this, 'BackupReplicationRole', {
          assumedBy: new ServicePrincipal('s3.amazonaws.com'),
          description: 'S3 replication of the backup files to the bucket in the second region',
        })
      : undefined;
    this.backupBucket = new Bucket(this, 'BackupBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 's3/backups/',
      // A superadmin's browser uploads a file to restore with a presigned POST form (as photos); CORS lets the portal read S3's answer.
      cors: [
        {
          allowedMethods: [HttpMethods.POST],
          allowedOrigins: props.domain ? [`https://${props.domain.name}`] : ['*'],
          allowedHeaders: ['*'],
          maxAge: 3600,
        },
      ],
      versioned: true,
      // Backups (not restore uploads) are copied to the second region as they are written; deletions are not.
      ...(replica && replicationRole
        ? {
            replicationRole,
            replicationRules: [
              // S3 wants a priority (and the delete-marker choice) with a filter, even for one rule.
              { id: 'CopyBackupsToSecondRegion', priority: 0, destination: replica, filter: { prefix: REPLICATED_BACKUP_PREFIX }, deleteMarkerReplication: false },
            ],
          }
        : {}),
      lifecycleRules: [
        { id: 'ExpireOldBackups', prefix: 'backups/', expiration: Duration.days(BACKUP_RETENTION_DAYS), noncurrentVersionExpiration: Duration.days(1) },
        { id: 'ExpireRestoreUploads', prefix: 'uploads/', expiration: Duration.days(UPLOAD_RETENTION_DAYS), noncurrentVersionExpiration: Duration.days(1) },
      ],
      removalPolicy: dataRemovalPolicy,
      autoDeleteObjects,
    });

    if (replica && replicationRole) this.allowBackupReplication(replicationRole, replica);

    this.spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      code: FunctionCode.fromInline(SPA_REWRITE_CODE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'SPA fallback: extension-less paths outside /api get /index.html',
    });

    this.pageQuery = new CloudFrontFunction(this, 'PageQuery', {
      code: FunctionCode.fromInline(PAGE_QUERY_CODE),
      runtime: FunctionRuntime.JS_2_0,
      comment: "Pages: a query other than the page's canonical one gets a 302 to it, before the cache",
    });

    // The headers are defined once, in functions/src/lib/security-headers.ts: the local host sends the same.
    const hsts = SECURITY_HEADERS.strictTransportSecurity;
    this.responseHeadersPolicy = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'HSTS, CSP, nosniff, frame and referrer policies for every response',
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(hsts.maxAgeSeconds),
          includeSubdomains: hsts.includeSubdomains,
          override: true,
        },
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy([
            `https://${this.photosBucket.bucketRegionalDomainName}`,
            `https://${this.backupBucket.bucketRegionalDomainName}`,
          ]),
          override: true,
        },
        // CloudFront's X-Content-Type-Options is always 'nosniff', the shared value.
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: frameOption(SECURITY_HEADERS.frameOptions), override: true },
        referrerPolicy: { referrerPolicy: referrerPolicy(SECURITY_HEADERS.referrerPolicy), override: true },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: SECURITY_HEADERS.permissionsPolicy, override: true }],
      },
    });

    // API Gateway's endpoint is https://<id>.execute-api.<region>.amazonaws.com: the origin is its host.
    const apiOrigin = new HttpOrigin(Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint)), {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerify.secretValue.unsafeUnwrap() },
    });
    const apiBehavior: BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      // Every viewer header but Host (API Gateway answers only to its own host name), all
      // cookies and query strings, and CloudFront's own viewer headers, CloudFront-Viewer-Address
      // among them: the functions take the visitor's IP from it (functions/src/handlers/client-ip.ts).
      // A custom policy cannot say "all viewer headers except Host, plus a CloudFront header";
      // this managed one does. Without that header the functions fall back to the source IP.
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: this.responseHeadersPolicy,
    };
    /**
     * GET and HEAD to the API, cached at the edge only as the origin's Cache-Control says (no
     * minimum or default TTL, at most a day), keyed by the path and `queryStrings`; `extra` on top.
     */
    const originCachedBehavior = (id: string, comment: string, queryStrings: CacheQueryStringBehavior, extra: Partial<BehaviorOptions> = {}): BehaviorOptions => ({
      ...apiBehavior,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: new CachePolicy(this, id, {
        comment,
        minTtl: Duration.seconds(0),
        defaultTtl: Duration.seconds(0),
        maxTtl: Duration.days(1),
        headerBehavior: CacheHeaderBehavior.none(),
        cookieBehavior: CacheCookieBehavior.none(),
        queryStringBehavior: queryStrings,
        enableAcceptEncodingGzip: true,
        enableAcceptEncodingBrotli: true,
      }),
      ...extra,
    });
    // sitemap.xml, robots.txt and the RSS feed say how long they may be cached (Cache-Control: max-age):
    // honour that instead of invoking Lambda for every crawler hit.
    const seoBehavior = originCachedBehavior(
      'HonourOriginCaching',
      'Caches only what the origin marks cacheable, for as long as it says',
      CacheQueryStringBehavior.none(),
    );
    // Rendered pages say how long the edge may keep them (functions/src/site/pages-routes.ts: s-maxage=60
    // and stale-while-revalidate, 404s shorter): honoured as sent, so a change shows within a minute.
    // The query names a page reads (the project filter, ?status=) are part of the key; nothing else is.
    // Before the cache, the page-query function sends any other query to the page's canonical address
    // (a 302 from the edge: no cache miss, no Lambda call), so only known values ever make a key.
    const pageBehavior = originCachedBehavior(
      'PageCaching',
      `Rendered pages: cached as the origin says (s-maxage), keyed by path and ${PAGE_QUERY_NAMES.map((name) => `?${name}`).join(', ')}`,
      CacheQueryStringBehavior.allowList(...PAGE_QUERY_NAMES),
      { compress: true, functionAssociations: [{ function: this.pageQuery, eventType: FunctionEventType.VIEWER_REQUEST }] },
    );

    /** Files of a private bucket (through origin access control): CACHING_OPTIMIZED, compressed, with the security headers. */
    const bucketFileBehavior = (origin: IOrigin): BehaviorOptions => ({
      origin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      compress: true,
      responseHeadersPolicy: this.responseHeadersPolicy,
    });
    // LIST lets a missing file answer 404 instead of S3's 403.
    const siteFileBehavior = bucketFileBehavior(
      S3BucketOrigin.withOriginAccessControl(this.siteBucket, { originAccessLevels: [AccessLevel.READ, AccessLevel.LIST] }),
    );
    const spaBehavior: BehaviorOptions = {
      ...siteFileBehavior,
      functionAssociations: [{ function: this.spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
    };

    const certificate = props.domain
      ? Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn)
      : undefined;
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Website, admin portal and API',
      // The website's pages, '/' among them, are rendered by the public function; unknown paths get its 404.
      defaultBehavior: pageBehavior,
      additionalBehaviors: {
        ...Object.fromEntries(SITE_FILE_PATHS.map((path) => [path, siteFileBehavior])),
        ...Object.fromEntries(SPA_PATHS.map((path) => [path, spaBehavior])),
        '/api/*': apiBehavior,
        '/sitemap.xml': seoBehavior,
        '/robots.txt': seoBehavior,
        // The blog's RSS feed (max-age=600).
        '/blog/rss.xml': seoBehavior,
        [`/${UPLOADS_PREFIX}*`]: bucketFileBehavior(S3BucketOrigin.withOriginAccessControl(this.photosBucket)),
      },
      ...(props.domain && certificate
        ? {
            domainNames: [props.domain.name],
            certificate,
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      httpVersion: HttpVersion.HTTP2_AND_3,
      // PriceClass_100 has no edge in India; 200 adds Asia, where the firm's visitors are.
      priceClass: PriceClass.PRICE_CLASS_200,
      enableLogging: true,
      logBucket: this.logsBucket,
      logFilePrefix: 'cloudfront/',
      webAclId: props.webAclArn,
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: 'Annotation::@aws-cdk/aws-cloudfront-origins:listBucketSecurityRisk',
        reason:
          'LIST is granted on purpose (missing files answer 404, not 403). A bucket listing cannot leak: ' +
          "the bucket's root is never requested (/ is a page, rendered by the public function), S3 serves " +
          'only /assets/*, /images/*, /favicon.svg and the SPA paths (extension-less ones rewritten to ' +
          '/index.html), and CACHING_OPTIMIZED forwards no query string (list-type=2) to the origin.',
      },
      {
        id: 'AwsSolutions-CFR1',
        reason: 'The firm takes enquiries from anywhere (clients abroad build homes in Hyderabad): no geo restriction.',
      },
    );
    if (!props.domain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose minimum ' +
          'TLS version CloudFront fixes; with domainName + certificateArn it is TLSv1.2_2021.',
      });
    }

    this.deploySite(props);
  }

  /**
   * What S3 needs to replicate backups/ (and only that prefix) into the replica bucket: read the
   * source's replication configuration and its objects' versions, write replicas there. S3's
   * own role for it, instead of CDK's default grant of every object of both buckets.
   */
  private allowBackupReplication(role: Role, replica: IBucket) {
    const sourceObjects = this.backupBucket.arnForObjects(`${REPLICATED_BACKUP_PREFIX}*`);
    const replicaObjects = replica.arnForObjects(`${REPLICATED_BACKUP_PREFIX}*`);
    role.addToPrincipalPolicy(
      new PolicyStatement({ sid: 'SourceBucket', actions: ['s3:GetReplicationConfiguration', 's3:ListBucket'], resources: [this.backupBucket.bucketArn] }),
    );
    role.addToPrincipalPolicy(
      new PolicyStatement({
        sid: 'SourceBackups',
        actions: ['s3:GetObjectVersionForReplication', 's3:GetObjectVersionAcl', 's3:GetObjectVersionTagging'],
        resources: [sourceObjects],
      }),
    );
    role.addToPrincipalPolicy(
      // No ReplicateDelete: deletions (delete markers) are not replicated.
      new PolicyStatement({ sid: 'ReplicaBackups', actions: ['s3:ReplicateObject', 's3:ReplicateTags'], resources: [replicaObjects] }),
    );
    Validations.of(role).acknowledge(
      {
        id: `AwsSolutions-IAM5[Resource::${nagArn(this, sourceObjects)}]`,
        reason: 'Replication reads every backup file under backups/ (named by the app: a job id each); nothing else of the bucket.',
      },
      {
        id: `AwsSolutions-IAM5[Resource::${nagArn(this, replicaObjects)}]`,
        reason: 'Replication writes the copies of the backup files under backups/ of the replica bucket, with the names they have here.',
      },
    );
  }

  /**
   * Uploads the SPA in two passes: hashed files under assets/ first (cached for
   * a year, old ones kept so open tabs can still lazy-load their chunks), then
   * everything else (index.html and friends, revalidated on every request) with
   * an invalidation, so a new index.html only ever points at files that exist.
   */
  private deploySite(props: WebProps) {
    const logGroup = new LogGroup(this, 'DeployLogs', {
      retention: props.logRetention,
      removalPolicy: props.logRemovalPolicy,
    });
    const role = new Role(this, 'DeployRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Copies the built web app into the site bucket',
    });
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn],
      }),
    );
    const source = Source.asset(props.webDistPath);
    const assets = new BucketDeployment(this, 'DeployAssets', {
      sources: [source],
      destinationBucket: this.siteBucket,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      memoryLimit: 512,
      role,
      logGroup,
    });
    const pages = new BucketDeployment(this, 'DeployPages', {
      sources: [source],
      destinationBucket: this.siteBucket,
      // The page renderer's build (server/) is bundled into the public function, not served.
      exclude: ['assets/*', 'server/*'],
      prune: true,
      cacheControl: [CacheControl.fromString('no-cache')],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
      role,
      logGroup,
    });
    pages.node.addDependency(assets);

    // CDK writes the deploy role's policy (BucketDeployment grants); these are its wildcards.
    const stack = Stack.of(this);
    const known = (value: string, placeholder: string) => (Token.isUnresolved(value) ? placeholder : value);
    const assetsBucket =
      // With a known region the partition is a literal (feature flag core:enablePartitionLiterals).
      `arn:${known(stack.partition, '<AWS::Partition>')}:s3:::cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-` +
      `${known(stack.account, '<AWS::AccountId>')}-${known(stack.region, '<AWS::Region>')}`;
    const deployFinding = (finding: string, reason: string) => ({ id: `AwsSolutions-IAM5[${finding}]`, reason });
    Validations.of(role).acknowledge(
      deployFinding('Action::s3:GetObject*', 'Reads the zipped web app from the CDK assets bucket (CDK grant).'),
      deployFinding('Action::s3:GetBucket*', 'Reads bucket metadata while syncing the web app (CDK grant).'),
      deployFinding('Action::s3:List*', 'Lists both buckets to sync and prune files (CDK grant).'),
      deployFinding('Action::s3:DeleteObject*', 'Prunes files of an older build from the site bucket (CDK grant).'),
      deployFinding('Action::s3:Abort*', 'Aborts its own failed multipart uploads (CDK grant).'),
      deployFinding(`Resource::${assetsBucket}/*`, 'The asset objects are content-addressed: their keys are not known before synth.'),
      deployFinding(`Resource::<${logicalId(this.siteBucket)}.Arn>/*`, 'The deployment owns every object of the site bucket.'),
      deployFinding('Resource::*', 'cloudfront:CreateInvalidation/GetInvalidation as CDK grants them, on any distribution.'),
    );
    const handler = stack.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (handler) {
      Validations.of(handler).acknowledge({
        id: 'AwsSolutions-L1',
        reason: "BucketDeployment's handler (Python with the AWS CLI layer) runs the runtime CDK ships it with.",
      });
    }
  }
}
